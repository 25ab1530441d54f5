// The segment store over the project's real storage drivers: local disk, and S3 through
// an S3-protocol server on loopback. A clip comes back exactly as it went in.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { LocalDiskStorage } from '@castwright/core/storage/local-disk-storage';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import { S3Storage } from '@castwright/core/storage/s3-storage';
import { SegmentNotFoundError, StorageSegmentStore } from '@castwright/media/segment-store';
import { decodeClipWav, encodeClipWav, voicedClip } from '@castwright/media/voiced-clip';
import { startS3Server } from '#test-helpers/s3-server';
import { pinkNoise, sine } from './helpers/test-signals.ts';

const KEY = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);

async function checkStore(t: Test, storage: ObjectStorage, tempDir: string): Promise<void> {
  const store = new StorageSegmentStore({ storage, episodeId: 'ep_1', tempDir });
  t.equal(store.objectKey(KEY), `episodes/ep_1/segments/${KEY}.wav`);
  t.equal(await store.has(KEY), false, 'nothing stored yet');
  await t.rejects(store.get(KEY), SegmentNotFoundError);

  const speech = voicedClip({ samples: pinkNoise(24_000, 1.5, 0.05), sampleRate: 24_000 });
  await store.put(KEY, speech);
  t.equal(await store.has(KEY), true);
  t.equal((await storage.stat(store.objectKey(KEY)))?.size, 44 + speech.samples.length * 2, 'stored as 16-bit PCM');
  const back = await store.get(KEY);
  t.equal(back.sampleRate, 24_000);
  t.same(Buffer.from(back.samples.buffer), Buffer.from(speech.samples.buffer), 'the very samples that went in');

  // A neural engine may overshoot full scale: such a clip is kept in float, not clipped.
  const hot = voicedClip({ samples: sine(16_000, 1, 440, 1.3), sampleRate: 16_000 });
  await store.put(OTHER, hot);
  t.ok(((await storage.stat(store.objectKey(OTHER)))?.size ?? 0) > hot.samples.length * 4, 'stored as float');
  t.same(Buffer.from((await store.get(OTHER)).samples.buffer), Buffer.from(hot.samples.buffer));

  // Replacing is allowed (a retried render), and leaves no temporary files behind.
  await store.put(KEY, hot);
  t.same(Buffer.from((await store.get(KEY)).samples.buffer), Buffer.from(hot.samples.buffer));
}

void t.test('on local disk', async (t) => {
  const root = t.testdir({ storage: {}, temp: {} });
  await checkStore(t, new LocalDiskStorage(join(root, 'storage')), join(root, 'temp'));
  t.same(await readdir(join(root, 'temp')), [], 'no temporary files left');
});

void t.test('on S3', async (t) => {
  const s3 = await startS3Server(t);
  const root = t.testdir();
  await checkStore(t, new S3Storage(s3.settings()), root);
  t.same((await s3.listKeys()).sort(), [`episodes/ep_1/segments/${KEY}.wav`, `episodes/ep_1/segments/${OTHER}.wav`]);
});

void t.test('voiced clips: trimmed, faded, on the 16-bit grid, and refused when unusable', async (t) => {
  const raw = new Float32Array(16_000);
  raw.set(sine(16_000, 0.5, 300, 0.3), 4_000);
  const clip = voicedClip({ samples: raw, sampleRate: 16_000 });
  t.ok(clip.samples.length < 9_000 && clip.samples.length > 8_000, `trimmed to ${clip.samples.length} samples`);
  t.ok(clip.samples.every((sample) => Number.isInteger(sample * 32768)), 'every sample on the 16-bit grid');
  t.equal(clip.samples[0], 0, 'faded in');
  t.equal(raw[4_000], 0, 'the engine’s buffer is not touched');
  t.same(decodeClipWav(encodeClipWav(clip)), clip, 'the WAV round trip is exact');
  t.throws(() => voicedClip({ samples: new Float32Array(0), sampleRate: 16_000 }), { message: 'the engine returned no audio' });
  t.throws(() => voicedClip({ samples: Float32Array.of(0.1, Number.NaN, 0.1), sampleRate: 16_000 }), { message: /not numbers/ });
  t.throws(() => voicedClip({ samples: raw, sampleRate: 0 }), { message: /sample rate/ });
  t.throws(() => decodeClipWav(new Uint8Array(20)), { name: 'WavFormatError' });
});
