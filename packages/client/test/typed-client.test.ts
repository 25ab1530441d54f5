// The typed client against a real api and real workers: an account, an episode followed
// to ready through the progress stream, its audio downloaded, the server's errors read as
// typed bodies, and an upload over the limit answered 413.
import t from 'tap';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiError, createCastwrightClient, downloadAudio, followEpisode, type ClientOptions, type ProgressEvent } from '@castwright/client/castwright-client';
import { startTestApi } from '#test-helpers/test-api';

const api = await startTestApi(t);
await api.startWorkers('all');
const scratch = await mkdtemp(path.join(tmpdir(), 'castwright-client-'));
t.teardown(() => rm(scratch, { recursive: true, force: true }));
const anonymous = createCastwrightClient({ baseUrl: api.baseUrl, fetch: (request) => api.fetch(request) });

async function signUp(): Promise<ClientOptions> {
  const email = `client-${Math.random().toString(36).slice(2)}@example.com`;
  const { data, error, response } = await anonymous.POST('/api/auth/register', { body: { email, password: 'Sup3rSecret', name: 'Client' } });
  if (!data) throw new Error(`register: ${response.status} ${JSON.stringify(error)}`);
  return { baseUrl: api.baseUrl, token: data.tokens.accessToken, fetch: (request) => api.fetch(request) };
}

t.test('create, follow to ready, read and download an episode', async (t) => {
  const options = await signUp();
  const client = createCastwrightClient(options);
  const created = await client.POST('/api/episodes', {
    body: { content: 'Honeybees dance to tell each other where food is. The angle points the way and the length of the waggle says how far. A hive tracks many flower patches this way.', preset: 'quick' },
  });
  t.equal(created.response.status, 202);
  const id = created.data?.episode.id;
  if (!id) throw new Error('no episode id');

  const events: ProgressEvent[] = [];
  for await (const event of followEpisode(options, id)) events.push(event);
  t.equal(events.at(-1)?.status, 'ready', events.map((event) => event.status).join(' → '));
  const percents = events.map((event) => event.progressPercent);
  t.same(percents, [...percents].sort((a, b) => a - b), 'progress only rises');

  const episode = await client.GET('/api/episodes/{id}', { params: { path: { id } } });
  t.equal(episode.data?.episode.status, 'ready');
  const file = path.join(scratch, 'episode.mp3');
  const bytes = await downloadAudio(options, id, file);
  const audio = await readFile(file);
  t.equal(audio.length, bytes);
  t.ok(audio.subarray(0, 3).toString('latin1') === 'ID3' || (audio[0] === 0xff && ((audio[1] ?? 0) & 0xe0) === 0xe0), 'an MP3');
});

t.test('errors come back as the typed error body', async (t) => {
  const client = createCastwrightClient(await signUp());
  const missing = await client.GET('/api/episodes/{id}', { params: { path: { id: 'ep_doesnotexist' } } });
  t.equal(missing.response.status, 404);
  t.match(missing.error, { success: false, error: 'Not found' });
  const refused = await anonymous.GET('/api/episodes', {});
  t.equal(refused.response.status, 401);
  const failure: unknown = await downloadAudio({ baseUrl: api.baseUrl, fetch: (request) => api.fetch(request) }, 'ep_x', path.join(scratch, 'none.mp3')).catch((error: unknown) => error);
  t.ok(failure instanceof ApiError && failure.status === 401, 'downloadAudio throws the 401 as an ApiError');
});

t.test('an upload over the free limit is a readable 413 through the client', async (t) => {
  const options = await signUp();
  const client = createCastwrightClient(options);
  const big = path.join(scratch, 'big.txt');
  const handle = await open(big, 'w');
  await handle.truncate(6 * 1024 * 1024);
  await handle.close();
  const result = await client.POST('/api/episodes/upload', {
    body: { file: big, preset: 'quick' },
    // The typed form names the file; the serializer sends its bytes as multipart.
    bodySerializer: (form) => {
      const body = new FormData();
      body.append('preset', form.preset ?? 'quick');
      body.append('file', new Blob([new Uint8Array(6 * 1024 * 1024).fill(97)]), 'big.txt');
      return body;
    },
  });
  t.equal(result.response.status, 413);
  t.same(result.error, { success: false, error: 'Payload too large', message: 'The file is larger than the 5 MB upload limit of the free tier' });
});
