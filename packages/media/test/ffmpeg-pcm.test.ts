// Raw PCM over ffmpeg's pipes: samples arrive intact whatever the chunking, failures
// carry ffmpeg's own words, aborting kills the process.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import t from 'tap';
import { concatSamples } from '@castwright/media/concat-samples';
import { decodePcm, ffmpegOutput, pcmInputArgs } from '@castwright/media/ffmpeg-pcm';
import { FfmpegError } from '@castwright/media/ffmpeg-tools';
import { encodeWavFloat32, float32Bytes, float32FromBytes } from '@castwright/media/wav';

void t.test('decodes a float WAV to the very samples written', async (t) => {
  const samples = Float32Array.from({ length: 100_003 }, (_, i) => Math.sin(i / 7) * 0.5);
  const file = join(t.testdir(), 'in.wav');
  await writeFile(file, encodeWavFloat32(samples, 16_000));
  const chunks: Float32Array[] = [];
  await decodePcm(file, { sampleRate: 16_000 }, (chunk) => chunks.push(chunk));
  t.ok(chunks.length > 1, `${chunks.length} chunks`);
  t.same(concatSamples(chunks), samples);
});

void t.test('pipes bytes through ffmpeg and back', async (t) => {
  const samples = Float32Array.from({ length: 8_000 }, (_, i) => (i % 100) / 100);
  const out = await ffmpegOutput([...pcmInputArgs(8_000), '-f', 'f32le', 'pipe:1'], { stdin: float32Bytes(samples) });
  t.same(float32FromBytes(out), samples);
});

void t.test('failures carry ffmpeg’s message', async (t) => {
  const junk = join(t.testdir(), 'junk.wav');
  await writeFile(junk, 'not audio');
  const error: unknown = await decodePcm(junk, { sampleRate: 16_000 }, () => {}).then(() => undefined, (failure: unknown) => failure);
  t.ok(error instanceof FfmpegError, 'an FfmpegError');
  t.match(error, { message: /exited with code [1-9][\s\S]*junk\.wav/ }, 'with the exit code and ffmpeg’s last words');
});

void t.test('aborting kills the running ffmpeg', async (t) => {
  // The input runs for an hour (-re): only the abort can end it before the test's own timeout.
  await t.rejects(ffmpegOutput(['-re', '-f', 'lavfi', '-i', 'sine=duration=3600', '-f', 'f32le', 'pipe:1'], { signal: AbortSignal.timeout(300) }), { name: 'TimeoutError' });
  const aborted = AbortSignal.abort();
  await t.rejects(ffmpegOutput(['-version'], { signal: aborted }), { name: 'AbortError' }, 'an aborted signal starts nothing');
});
