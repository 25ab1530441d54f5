// Worker-thread entry of one Kokoro voicing slot: it opens its own ONNX Runtime session
// and runs the chunks it is sent, one at a time. onnxruntime-node runs a model on the
// calling thread until it is done, so each slot needs a thread for slots to run side by
// side (and the main thread stays free for the render's other work meanwhile).
import { parentPort, workerData } from 'node:worker_threads';
import type { FromEngineThread } from '../engine-thread.ts';
import { openKokoroSession } from './kokoro-session.ts';
import { KOKORO_SAMPLE_RATE, type KokoroRunMessage, type KokoroThreadConfig, type KokoroThreadReady } from './kokoro-thread-protocol.ts';

const port = parentPort;
if (!port) throw new Error('kokoro-thread.ts must run as a worker thread');
const config = workerData as KokoroThreadConfig;

const send = (message: FromEngineThread<KokoroThreadReady>, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

let fallback: string | undefined;
const session = await openKokoroSession(config.modelFile, {
  device: config.device,
  ...(config.intraOpThreads === undefined ? {} : { intraOpThreads: config.intraOpThreads }),
  onFallback: (reason) => (fallback = reason),
});

port.on('message', (message: KokoroRunMessage) => {
  session.run(message.tokens, message.style, message.speed).then(
    (samples) => send({ type: 'audio', id: message.id, samples, sampleRate: KOKORO_SAMPLE_RATE }, [samples.buffer as ArrayBuffer]),
    (error: unknown) => send({ type: 'failed', id: message.id, message: error instanceof Error ? error.message : String(error) }),
  );
});

send({ type: 'ready', provider: session.provider, ...(fallback === undefined ? {} : { fallback }) });
