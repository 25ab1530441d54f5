// Worker-thread entry of the offline voice engine's eSpeak NG, the built-in voice of
// every language but English. eSpeak runs here, never on the main thread: it blocks
// while it speaks, and if it traps or loops only this thread is lost (the engine starts
// a fresh one). Requests come one at a time.
import { parentPort } from 'node:worker_threads';
import { loadEspeak, ESPEAK_SAMPLE_RATE, useVoice } from '../espeak/espeak-ng.ts';
import { japaneseReading } from '../espeak/japanese-readings.ts';
import type { EspeakSynthesizeMessage, FromVoiceThread } from './thread-protocol.ts';

const port = parentPort;
if (!port) throw new Error('espeak-thread.ts must run as a worker thread');

const send = (message: FromVoiceThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

const espeak = await loadEspeak();

port.on('message', (message: EspeakSynthesizeMessage) => {
  void speak(message).then(
    (samples) => send({ type: 'audio', id: message.id, samples, sampleRate: ESPEAK_SAMPLE_RATE }, [samples.buffer as ArrayBuffer]),
    (error: unknown) => send({ type: 'failed', id: message.id, message: error instanceof Error ? error.message : String(error) }),
  );
});

async function speak(message: EspeakSynthesizeMessage): Promise<Float32Array> {
  const text = message.japanese ? await japaneseReading(message.text) : message.text;
  useVoice(espeak, message.voice);
  espeak.set_rate(Math.round(message.rate));
  const pieces: Int16Array[] = [];
  espeak.synthesize(text, (samples) => {
    if (samples && samples.length > 0) pieces.push(samples.slice());
  });
  const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
  if (total === 0) throw new Error('eSpeak NG made no sound');
  const out = new Float32Array(total);
  let at = 0;
  for (const piece of pieces) {
    for (let i = 0; i < piece.length; i++) out[at + i] = (piece[i] as number) / 32768;
    at += piece.length;
  }
  return out;
}

send({ type: 'ready' });
