import t from 'tap';
import { randomBytes } from 'node:crypto';
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FormData } from 'undici';
import { createStorage } from '@castwright/core/storage/create-storage';
import { episodeAudioKey, uploadKey } from '@castwright/core/storage/object-storage';
import { S3Storage } from '@castwright/core/storage/s3-storage';
import { startS3Server } from '#test-helpers/s3-server';
import { creator, startTestApi } from '#test-helpers/test-api';
import { minimalPdf } from '#test-helpers/test-documents';

const s3 = await startS3Server(t);
const api = await startTestApi(t, s3.env('api-test/'));
const storage = createStorage(api.config);
t.teardown(() => (storage instanceof S3Storage ? storage.destroy() : undefined));
const dir = await mkdtemp(path.join(tmpdir(), 'castwright-s3-audio-'));
t.teardown(() => rm(dir, { recursive: true, force: true }));

/** An episode made ready with `audio` stored in S3, as the render job leaves it. */
async function readyEpisode(token: string, audio: Buffer): Promise<string> {
  const response = await api.request('/api/episodes', { method: 'POST', token, json: { content: 'Some text here.', preset: 'quick' } });
  const { episode } = (await response.json()) as { episode: { id: string } };
  const file = path.join(dir, `${episode.id}.mp3`);
  await writeFile(file, audio);
  await storage.putFile(episodeAudioKey(episode.id, 1), file, 'audio/mpeg');
  await api.database.db.updateTable('episodes').set({ status: 'ready', progress_percent: 100, audio_key: episodeAudioKey(episode.id, 1), audio_duration_ms: 1500 }).where('id', '=', episode.id).execute();
  return episode.id;
}

/** An episode from an uploaded PDF, whose original the upload route stores in S3. */
async function uploadedEpisode(token: string): Promise<string> {
  const form = new FormData();
  form.append('preset', 'quick');
  form.append('file', new Blob([minimalPdf(['Some text here.'])]), 'notes.pdf');
  const response = await api.request('/api/episodes/upload', { method: 'POST', token, body: form });
  const { episode } = (await response.json()) as { episode: { id: string } };
  return episode.id;
}

t.test('the api streams audio from S3, whole and in byte ranges', async (t) => {
  t.type(storage, S3Storage, 'STORAGE_DRIVER=s3 gives the S3 driver');
  const owner = await creator(api);
  const audio = randomBytes(100_000);
  const id = await readyEpisode(owner.accessToken, audio);
  const objectKey = `api-test/${episodeAudioKey(id, 1)}`;
  t.ok((await s3.listKeys()).includes(objectKey), 'the audio is in the bucket, under the prefix');
  await t.rejects(access(path.join(api.config.dataDir, 'storage')), { code: 'ENOENT' }, 'and not on local disk');

  const whole = await api.request(`/api/episodes/${id}/audio`, { token: owner.accessToken });
  t.equal(whole.status, 200);
  t.equal(whole.headers.get('content-type'), 'audio/mpeg');
  t.equal(whole.headers.get('content-length'), '100000');
  t.ok(Buffer.from(await whole.arrayBuffer()).equals(audio));

  for (const [header, start, end] of [['bytes=0-99', 0, 99], ['bytes=40000-40999', 40_000, 40_999], ['bytes=99000-', 99_000, 99_999], ['bytes=-1', 99_999, 99_999]] as const) {
    const partial = await api.request(`/api/episodes/${id}/audio`, { token: owner.accessToken, headers: { range: header } });
    t.equal(partial.status, 206, header);
    t.equal(partial.headers.get('content-range'), `bytes ${start}-${end}/100000`, header);
    t.equal(partial.headers.get('content-length'), String(end - start + 1), header);
    t.ok(Buffer.from(await partial.arrayBuffer()).equals(audio.subarray(start, end + 1)), `${header}: the right bytes`);
  }
  const outside = await api.request(`/api/episodes/${id}/audio`, { token: owner.accessToken, headers: { range: 'bytes=200000-' } });
  t.equal(outside.status, 416);
  t.equal(outside.headers.get('content-range'), 'bytes */100000');
  await outside.arrayBuffer();

  const reads = s3.requests.filter((request) => request.key === objectKey && request.method === 'GET');
  t.same(reads.map((request) => request.headers.range), [undefined, 'bytes=0-99', 'bytes=40000-40999', 'bytes=99000-99999', 'bytes=99999-99999'], 'each range is read from S3 as a range');
});

t.test('deleting an episode deletes its audio and its uploaded original in S3', async (t) => {
  const owner = await creator(api);
  const id = await readyEpisode(owner.accessToken, randomBytes(1_000));
  const objectKey = `api-test/${episodeAudioKey(id, 1)}`;
  t.ok((await s3.listKeys()).includes(objectKey), 'the audio is in the bucket');
  const response = await api.request(`/api/episodes/${id}`, { method: 'DELETE', token: owner.accessToken });
  t.equal(response.status, 200);
  t.notOk((await s3.listKeys()).includes(objectKey), 'and then it is not');

  const uploaded = await uploadedEpisode(owner.accessToken);
  const originalKey = `api-test/${uploadKey(uploaded, 'pdf')}`;
  t.ok((await s3.listKeys()).includes(originalKey), 'the uploaded original is in the bucket');
  t.equal((await api.request(`/api/episodes/${uploaded}`, { method: 'DELETE', token: owner.accessToken })).status, 200);
  t.notOk((await s3.listKeys()).includes(originalKey), 'and then it is not');
});

t.test('deleting an account deletes all its audio and uploaded originals in S3', async (t) => {
  const owner = await creator(api);
  const ids = [await readyEpisode(owner.accessToken, randomBytes(1_000)), await readyEpisode(owner.accessToken, randomBytes(2_000))];
  const uploaded = await uploadedEpisode(owner.accessToken);
  const bystander = await creator(api);
  const kept = await readyEpisode(bystander.accessToken, randomBytes(500));
  const objectKeys = [...ids.map((id) => `api-test/${episodeAudioKey(id, 1)}`), `api-test/${uploadKey(uploaded, 'pdf')}`];
  const before = await s3.listKeys();
  t.ok(objectKeys.every((key) => before.includes(key)), 'the audio and the original are in the bucket');

  const deleted = await api.request('/api/user/account', { method: 'DELETE', token: owner.accessToken, json: { password: owner.password, confirm: 'DELETE' } });
  t.equal(deleted.status, 200);
  const remaining = await s3.listKeys();
  t.same(objectKeys.filter((key) => remaining.includes(key)), [], 'the account’s audio and original are gone from the bucket');
  t.ok(remaining.includes(`api-test/${episodeAudioKey(kept, 1)}`), 'another account’s audio stays');
});
