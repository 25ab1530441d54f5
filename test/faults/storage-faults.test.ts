// Object storage failing under the media worker: an upload cut off mid-way fails that
// render attempt, which graphile-worker retries with backoff (the retry voices nothing the
// first attempt stored); storage gone for good fails the episode after the last attempt
// with a reason, for the audio and for the voiced lines alike. Nothing is left behind.
import t from 'tap';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { startS3Server } from '#test-helpers/s3-server';
import { creator, startTestApi } from '#test-helpers/test-api';
import { waitForEpisode } from '#test-helpers/wait-for-episode';

const s3 = await startS3Server(t);
const api = await startTestApi(t, s3.env('faults/'));
await api.startWorkers('all');
const user = await creator(api);

async function create(text: string): Promise<string> {
  const response = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content: text, preset: 'quick' } });
  return ((await response.json()) as { episode: { id: string } }).episode.id;
}
const renderDirectories = async (id: string) => (await readdir(tmpdir())).filter((name) => name.startsWith(`castwright-render-${id}-`));
const isUpload = (id: string, extension: '.mp3' | '.wav') => (request: { method: string; key: string }) =>
  request.method === 'PUT' && request.key.startsWith(`faults/episodes/${id}/`) && request.key.endsWith(extension);
const isAudioUpload = (id: string) => isUpload(id, '.mp3');
const storedKeys = async (id: string, extension: '.mp3' | '.wav') => (await s3.listKeys()).filter((key) => key.startsWith(`faults/episodes/${id}/`) && key.endsWith(extension));

t.test('an upload cut off mid-way fails the attempt; the retry publishes; nothing is left behind', async (t) => {
  const id = await create('Storage hiccups happen. The render is retried. The second upload succeeds.');
  // Every upload of the first attempt's audio is cut, including the S3 SDK's own retries.
  let cut = 0;
  s3.interrupt((request) => isAudioUpload(id)(request) && request.key.endsWith('/audio-1.mp3') && ++cut > 0);
  const episode = await waitForEpisode(api.database.db, id, ['ready', 'error'], 120_000);
  t.equal(episode.status, 'ready', episode.error_message ?? '');
  t.ok(cut >= 1, `the first attempt's upload was cut (${cut} tries)`);
  t.equal(episode.render_attempt, 2, 'published by the second attempt');
  // Besides the published audio, only the live stream's segments (kept for listeners still playing it; retention removes them).
  const audioKeys = await storedKeys(id, '.mp3');
  t.same(audioKeys.filter((key) => !key.startsWith(`faults/episodes/${id}/live/`)), [`faults/episodes/${id}/audio-2.mp3`], 'only the published audio is stored');
  const liveKeys = await api.database.db.selectFrom('episode_live_segments').select('object_key').where('episode_id', '=', id).execute();
  t.same(audioKeys.filter((key) => key.includes('/live/')).sort(), liveKeys.map((row) => `faults/${row.object_key}`).sort(), 'the live segments stored are those the stream recorded');
  const lines = await storedKeys(id, '.wav');
  t.ok(lines.length > 0 && lines.every((key) => key.startsWith(`faults/episodes/${id}/segments/`)), `its ${lines.length} voiced lines are kept`);
  for (const key of lines) t.equal(s3.requests.filter((request) => request.method === 'PUT' && request.key === key).length, 1, 'each line was stored once: the retry voiced nothing again');
  t.same(s3.openUploads(), [], 'no multipart upload left open');
  t.same(await renderDirectories(id), [], 'no temporary render files');
  const audio = await api.request(`/api/episodes/${id}/audio`, { token: user.accessToken });
  t.equal(audio.status, 200);
  t.ok((await audio.arrayBuffer()).byteLength > 1000);

  // On S3 too, a render again finds every line stored, and copies every chunk of the published MP3 (read by range).
  t.equal((await api.request(`/api/episodes/${id}/render`, { method: 'POST', token: user.accessToken })).status, 202);
  const rerendered = await waitForEpisode(api.database.db, id, ['ready', 'error'], 120_000);
  t.equal(rerendered.published_revision, 2, rerendered.error_message ?? 'revision 2 published');
  const revision = await api.database.db.selectFrom('episode_revisions').select(['lines_rendered', 'lines_reused']).where('episode_id', '=', id).where('revision', '=', 2).executeTakeFirstOrThrow();
  t.equal(revision.lines_rendered, 0, 'no line voiced again');
  t.ok((revision.lines_reused ?? 0) > 0, `${revision.lines_reused} found stored in the bucket`);
  t.ok(s3.requests.some((request) => request.method === 'GET' && request.key === `faults/episodes/${id}/audio-2.mp3` && request.headers.range), 'the published MP3 was read by byte ranges for its chunks');
  t.equal((await api.request(`/api/episodes/${id}`, { method: 'DELETE', token: user.accessToken })).status, 200);
  t.same((await s3.listKeys()).filter((key) => key.startsWith(`faults/episodes/${id}/`)), [], 'deleting the episode deletes its audio and its voiced lines in the bucket');
});

t.test('storage unreachable through every attempt: the episode fails with the reason', async (t) => {
  const id = await create('This time storage never comes back. The episode must fail with a reason.');
  s3.refuse(isAudioUpload(id));
  const episode = await waitForEpisode(api.database.db, id, ['ready', 'error'], 120_000);
  t.equal(episode.status, 'error');
  t.equal(episode.error_message, 'Audio rendering failed after 3 attempts: the audio could not be saved to storage');
  t.equal(episode.render_attempt, 3, 'three attempts, with graphile-worker\'s backoff between them');
  t.same(await storedKeys(id, '.mp3'), [], 'no audio stored');
  t.same(await renderDirectories(id), [], 'no temporary render files');
});

t.test('voiced lines cannot be stored: the render is not handed to another engine, and fails with the reason', async (t) => {
  const id = await create('Now the voiced lines cannot be kept. Nothing can be rendered without them.');
  s3.refuse(isUpload(id, '.wav'));
  const episode = await waitForEpisode(api.database.db, id, ['ready', 'error'], 120_000);
  t.equal(episode.status, 'error');
  t.equal(episode.error_message, 'Audio rendering failed after 3 attempts: a voiced line could not be saved to storage');
  t.equal(episode.tts_engine_used, null);
  t.same(await storedKeys(id, '.mp3'), [], 'no audio stored');
  t.same(await renderDirectories(id), [], 'no temporary render files');
});
