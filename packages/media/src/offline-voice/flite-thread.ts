// Worker-thread entry of the offline voice engine. Flite runs here, never on the
// main thread: WASI blocks while it speaks, and if Flite traps, loops or eats
// memory only this thread is lost. The engine restarts a fresh one.

import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { decodeWav } from '../wav.ts';
import type { FliteSynthesizeMessage, FliteThreadConfig, FromVoiceThread } from './thread-protocol.ts';
import { runFlite } from './run-flite.ts';
import { compileWasm } from './wasm-runtime.ts';

const port = parentPort;
if (!port) throw new Error('flite-thread.ts must run as a worker thread');
const config = workerData as FliteThreadConfig;

const send = (message: FromVoiceThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

// Compiled once per thread; every request instantiates it afresh.
const module = await compileWasm(readFileSync(config.wasmPath));

port.on('message', (message: FliteSynthesizeMessage) => {
  try {
    const wav = runFlite(module, config.workRoot, message);
    const { samples, sampleRate } = decodeWav(wav);
    send({ type: 'audio', id: message.id, samples, sampleRate }, [samples.buffer as ArrayBuffer]);
  } catch (error) {
    send({ type: 'failed', id: message.id, message: error instanceof Error ? error.message : String(error) });
  }
});

send({ type: 'ready' });
