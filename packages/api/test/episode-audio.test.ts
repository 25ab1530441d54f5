import t from 'tap';
import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createStorage } from '@castwright/core/storage/create-storage';
import { episodeAudioKey } from '@castwright/core/storage/object-storage';
import { registerUser, startTestApi } from '#test-helpers/test-api';
import { updateUserTier } from '@castwright/core/repositories/users';

const api = await startTestApi(t);
const owner = await registerUser(api);
await updateUserTier(api.database.db, owner.email, 'creator');
const created = (await (await api.request('/api/episodes', { method: 'POST', token: owner.accessToken, json: { content: 'Some text here.', preset: 'quick' } })).json()) as { episode: { id: string } };
const id = created.episode.id;
const audio = randomBytes(10_000);

t.test('audio is 404 until the episode is ready', async (t) => {
  const response = await api.request(`/api/episodes/${id}/audio`, { token: owner.accessToken });
  t.equal(response.status, 404);
  t.match(await response.json(), { success: false, error: 'Not found' });
});

t.test('the whole file, and byte ranges with 206', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'castwright-audio-'));
  t.teardown(() => import('node:fs/promises').then((fs) => fs.rm(dir, { recursive: true, force: true })));
  const file = path.join(dir, 'audio.mp3');
  await writeFile(file, audio);
  const key = episodeAudioKey(id, 1);
  await createStorage(api.config).putFile(key, file, 'audio/mpeg');
  await api.database.db.updateTable('episodes').set({ status: 'ready', progress_percent: 100, audio_key: key, audio_duration_ms: 1500 }).where('id', '=', id).execute();

  const whole = await api.request(`/api/episodes/${id}/audio`, { token: owner.accessToken });
  t.equal(whole.status, 200);
  t.equal(whole.headers.get('content-type'), 'audio/mpeg');
  t.equal(whole.headers.get('accept-ranges'), 'bytes');
  t.equal(whole.headers.get('content-length'), '10000');
  t.ok(Buffer.from(await whole.arrayBuffer()).equals(audio));

  const head = await api.request(`/api/episodes/${id}/audio`, { token: owner.accessToken, headers: { range: 'bytes=0-99' } });
  t.equal(head.status, 206);
  t.equal(head.headers.get('content-range'), 'bytes 0-99/10000');
  t.ok(Buffer.from(await head.arrayBuffer()).equals(audio.subarray(0, 100)));

  const tail = await api.request(`/api/episodes/${id}/audio`, { token: owner.accessToken, headers: { range: 'bytes=-500' } });
  t.equal(tail.status, 206);
  t.equal(tail.headers.get('content-range'), 'bytes 9500-9999/10000');
  t.ok(Buffer.from(await tail.arrayBuffer()).equals(audio.subarray(9500)));

  const outside = await api.request(`/api/episodes/${id}/audio`, { token: owner.accessToken, headers: { range: 'bytes=20000-30000' } });
  t.equal(outside.status, 416);
  t.equal(outside.headers.get('content-range'), 'bytes */10000');
  t.match(await outside.json(), { success: false, error: 'Range not satisfiable' });

  const malformed = await api.request(`/api/episodes/${id}/audio`, { token: owner.accessToken, headers: { range: 'bytes=abc' } });
  t.equal(malformed.status, 200, 'a malformed Range header is ignored');
  await malformed.arrayBuffer();

  const stranger = await registerUser(api);
  t.equal((await api.request(`/api/episodes/${id}/audio`, { token: stranger.accessToken })).status, 404);
  t.equal((await api.request(`/api/episodes/${id}/audio`)).status, 401);
});
