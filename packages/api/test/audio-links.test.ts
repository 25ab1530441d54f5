// Signed audio links (GET /api/episodes/:id/listen): what a browser's <audio> element plays
// private audio from, with range requests and no bearer token. A link serves its episode's
// published revision to whoever holds it while it is valid; it cannot be stretched to
// another episode, a later revision or past its time, nor be had by another account, and
// a forged, altered, stale or expired one serves nothing.
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import t, { type Test } from 'tap';
import { createStorage } from '@castwright/core/storage/create-storage';
import { episodeAudioKey } from '@castwright/core/storage/object-storage';
import { AudioLinks } from '@castwright/api/episodes/audio-links';
import { creator, json, startTestApi } from '#test-helpers/test-api';

const api = await startTestApi(t);
const owner = await creator(api);
const stranger = await creator(api);
const secret = (await readFile(path.join(api.config.dataDir, 'secrets', 'jwt-secret'), 'utf8')).trim();
const dir = t.testdir();

/** An episode of the token's account, ready with `bytes` as its published revision `revision`. */
async function readyEpisode(token: string, bytes: Buffer, revision = 1): Promise<string> {
  const created = await json(await api.request('/api/episodes', { method: 'POST', token, json: { content: 'Some text here.', preset: 'quick' } }));
  const id = created.episode.id as string;
  await publish(id, bytes, revision);
  return id;
}

async function publish(id: string, bytes: Buffer, revision: number): Promise<void> {
  const file = path.join(dir, `${id}-${revision}.mp3`);
  await writeFile(file, bytes);
  const key = episodeAudioKey(id, revision);
  await createStorage(api.config).putFile(key, file, 'audio/mpeg');
  await api.database.db.updateTable('episodes').set({ status: 'ready', progress_percent: 100, audio_key: key, audio_duration_ms: 1500, published_revision: revision }).where('id', '=', id).execute();
}

const audio = randomBytes(20_000);
const id = await readyEpisode(owner.accessToken, audio);
const listen = async (episodeId: string, token?: string) => api.request(`/api/episodes/${episodeId}/listen`, token ? { token } : {});
const link = async (episodeId = id) => (await json(await listen(episodeId, owner.accessToken))).audio as { url: string; revision: number; expiresAt: string };

/** A refusal: the status, and no audio in the body. */
async function refused(t: Test, url: string, status: number) {
  const response = await api.request(url, { headers: { range: 'bytes=0-99' } });
  t.equal(response.status, status);
  t.match(response.headers.get('content-type'), /application\/json/, 'nothing of the audio is served');
  t.match(await response.json(), { success: false });
}

void t.test('a signed link plays the private audio with ranges and no bearer token', async (t) => {
  const signed = await link();
  t.match(signed, { url: new RegExp(`^/api/episodes/${id}/audio\\?token=`), revision: 1 });
  t.ok(Date.parse(signed.expiresAt) - Date.now() <= 900_000 && Date.parse(signed.expiresAt) > Date.now(), 'it expires within the configured 15 minutes');
  t.equal((await api.request(`/api/episodes/${id}/audio`)).status, 401, 'without it, a private episode asks for credentials');
  const range = await api.request(signed.url, { headers: { range: 'bytes=1000-1999' } });
  t.equal(range.status, 206);
  t.equal(range.headers.get('content-range'), 'bytes 1000-1999/20000');
  t.ok(Buffer.from(await range.arrayBuffer()).equals(audio.subarray(1000, 2000)), 'any part at once: seeks need nothing else');
  const whole = await api.request(signed.url);
  t.ok(Buffer.from(await whole.arrayBuffer()).equals(audio));
  t.same((await json(await listen(id, owner.accessToken))).live, null, 'nothing is being made, so there is no live link');
});

void t.test('another account gets no link and cannot stretch one to its own episode', async (t) => {
  t.equal((await listen(id, stranger.accessToken)).status, 404, 'another account cannot ask for a link to a private episode');
  t.equal((await listen(id)).status, 401);
  const signed = await link();
  const theirs = await readyEpisode(stranger.accessToken, randomBytes(5000));
  await refused(t, signed.url.replace(id, theirs), 403);
  const theirLink = (await json(await listen(theirs, stranger.accessToken))).audio.url as string;
  await refused(t, theirLink.replace(theirs, id), 403);
});

void t.test('a forged or altered link serves nothing', async (t) => {
  const signed = await link();
  const token = decodeURIComponent(signed.url.split('token=')[1] as string);
  const [revision, expires, signer, mac] = token.split('.') as [string, string, string, string];
  const other = (mac.startsWith('A') ? 'B' : 'A') + mac.slice(1);
  await refused(t, `/api/episodes/${id}/audio?token=${[revision, expires, signer, other].join('.')}`, 403);
  await refused(t, `/api/episodes/${id}/audio?token=${[revision, String(Number(expires) + 86_400), signer, mac].join('.')}`, 403);
  await refused(t, `/api/episodes/${id}/audio?token=${[revision, expires, stranger.userId, mac].join('.')}`, 403);
  await refused(t, `/api/episodes/${id}/audio?token=not-a-token`, 403);
  const forged = new AudioLinks('another secret that is long enough to be one', 900).sign('audio', id, 1, owner.userId);
  await refused(t, `/api/episodes/${id}/audio?token=${encodeURIComponent(forged.token)}`, 403);
  await refused(t, `/api/episodes/${id}/live?token=${encodeURIComponent(token)}`, 403);
});

void t.test('an expired link serves nothing', async (t) => {
  const expired = new AudioLinks(secret, 900).sign('audio', id, 1, owner.userId, Date.now() - 901_000);
  await refused(t, `/api/episodes/${id}/audio?token=${encodeURIComponent(expired.token)}`, 403);
  const current = new AudioLinks(secret, 900).sign('audio', id, 1, owner.userId);
  t.equal((await api.request(`/api/episodes/${id}/audio?token=${encodeURIComponent(current.token)}`)).status, 200, 'the same link signed now plays');
});

void t.test('a stale link (another revision published since) serves nothing', async (t) => {
  const episode = await readyEpisode(owner.accessToken, randomBytes(3000));
  const stale = await link(episode);
  await publish(episode, randomBytes(4000), 2);
  await refused(t, stale.url, 404);
  t.equal((await link(episode)).revision, 2, 'a new link plays the new revision');
});

void t.test('a public episode\'s link works for anyone until it is private again', async (t) => {
  const episode = await readyEpisode(owner.accessToken, randomBytes(3000));
  t.equal((await api.request(`/api/episodes/${episode}`, { method: 'PATCH', token: owner.accessToken, json: { isPublic: true } })).status, 200);
  const anyone = (await json(await listen(episode))).audio as { url: string };
  t.equal((await api.request(anyone.url)).status, 200);
  const owners = await link(episode);
  t.equal((await api.request(`/api/episodes/${episode}`, { method: 'PATCH', token: owner.accessToken, json: { isPublic: false } })).status, 200);
  await refused(t, anyone.url, 404);
  t.equal((await api.request(owners.url)).status, 200, 'the owner\'s own link still plays');
});
