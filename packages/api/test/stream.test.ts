import t from 'tap';
import { once } from 'node:events';
import { connect } from 'node:tls';
import { loadTlsCredentials } from '@castwright/api/server/tls-credentials';
import { finishEpisode } from '@castwright/core/episode-outcome';
import { updateEpisodeStatus } from '@castwright/core/repositories/episodes';
import type { EpisodeStatus } from '@castwright/core/episode-states';
import { updateUserTier } from '@castwright/core/repositories/users';
import { registerUser, startTestApi } from '#test-helpers/test-api';
import { sseMessages } from '#test-helpers/sse-client';
import { until } from '#test-helpers/until';

const api = await startTestApi(t);
const TEXT = 'A short text about rivers. Rivers carve valleys over millions of years.';

async function newEpisode() {
  const user = await registerUser(api);
  await updateUserTier(api.database.db, user.email, 'creator');
  const response = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content: TEXT, preset: 'quick' } });
  const body = (await response.json()) as { episode: { id: string } };
  return { user, id: body.episode.id };
}

function move(id: string, status: EpisodeStatus, progressPercent: number, set = {}) {
  const from = ['queued', 'ingesting', 'generating_script', 'generating_audio'] as const;
  return api.database.db.transaction().execute((trx) =>
    status === 'ready' || status === 'error'
      ? finishEpisode(trx, id, { status, progressPercent, from, set }, { publicBaseUrl: api.baseUrl, fair: true })
      : updateEpisodeStatus(trx, id, { status, progressPercent, from, set }),
  );
}

/** The first message is sent after subscribing, but wait until the hub is listening again after a drop. */
async function waitForSubscribers(count: number) {
  await until(`${count} subscribers to the hub`, () => api.api.progressHub.subscriberCount >= count, 30_000, 20);
}

t.test('the stream starts with the current state, follows every stage in order and closes at ready', async (t) => {
  const { user, id } = await newEpisode();
  const response = await api.request(`/api/episodes/${id}/stream`, { token: user.accessToken });
  t.equal(response.status, 200);
  t.match(response.headers.get('content-type'), /^text\/event-stream/);
  t.match(response.headers.get('cache-control'), /no-cache/);
  t.ok(response.headers.get('ratelimit-remaining'), 'the rate-limit headers set before the stream opened go out with it');
  const messages = sseMessages(response);
  t.same((await messages.next()).value, { status: 'queued', progressPercent: 0 }, 'first message is the current state');
  await waitForSubscribers(1);

  await move(id, 'ingesting', 10);
  await move(id, 'generating_script', 30);
  await move(id, 'generating_audio', 70);
  await move(id, 'generating_audio', 85);
  await move(id, 'ready', 100, { audio_key: `episodes/${id}/audio.mp3`, audio_duration_ms: 61_400 });

  const rest = [];
  for await (const message of messages) rest.push(message);
  t.same(rest, [
    { status: 'ingesting', progressPercent: 10 },
    { status: 'generating_script', progressPercent: 30 },
    { status: 'generating_audio', progressPercent: 70 },
    { status: 'generating_audio', progressPercent: 85 },
    { status: 'ready', progressPercent: 100, audioUrl: `/api/episodes/${id}/audio`, audioDuration: 61 },
  ]);
});

t.test('several streams following one episode each get every step', async (t) => {
  const { user, id } = await newEpisode();
  const streams = await Promise.all([1, 2, 3].map(() => api.request(`/api/episodes/${id}/stream`, { token: user.accessToken })));
  const readers = streams.map((response) => sseMessages(response));
  for (const reader of readers) await reader.next();
  await waitForSubscribers(3);
  await move(id, 'ingesting', 10);
  await move(id, 'generating_script', 30);
  for (const reader of readers) {
    t.same((await reader.next()).value, { status: 'ingesting', progressPercent: 10 });
    t.same((await reader.next()).value, { status: 'generating_script', progressPercent: 30 });
  }
  for (const reader of readers) await reader.return(undefined);
});

t.test('a failure is sent with its reason, then the stream closes', async (t) => {
  const { user, id } = await newEpisode();
  const response = await api.request(`/api/episodes/${id}/stream`, { token: user.accessToken });
  const messages = sseMessages(response);
  await messages.next();
  await waitForSubscribers(1);
  await move(id, 'ingesting', 10);
  await move(id, 'error', 10, { error_message: 'The content has no readable text' });
  const rest = [];
  for await (const message of messages) rest.push(message);
  t.same(rest, [{ status: 'ingesting', progressPercent: 10 }, { status: 'error', progressPercent: 10, error: 'The content has no readable text' }]);
});

t.test('a finished episode gets one message and an immediate close', async (t) => {
  const { user, id } = await newEpisode();
  await move(id, 'error', 0, { error_message: 'boom' });
  const response = await api.request(`/api/episodes/${id}/stream`, { token: user.accessToken });
  const all = [];
  for await (const message of sseMessages(response)) all.push(message);
  t.same(all, [{ status: 'error', progressPercent: 0, error: 'boom' }]);
});

t.test('after the listening connection drops, the hub reconnects and the stream catches up', async (t) => {
  const { user, id } = await newEpisode();
  const response = await api.request(`/api/episodes/${id}/stream`, { token: user.accessToken });
  const messages = sseMessages(response);
  await messages.next();
  await waitForSubscribers(1);
  await api.api.progressHub.dropConnectionForTest();
  // Changes made while the hub is disconnected are not notified to it; the resync re-reads them.
  await move(id, 'ingesting', 10);
  await move(id, 'generating_script', 30);
  const next = await messages.next();
  t.match(next.value, { status: /ingesting|generating_script/ });
  await move(id, 'ready', 100, { audio_key: 'x', audio_duration_ms: 1000 });
  const rest = [];
  for await (const message of messages) rest.push(message);
  t.match(rest.at(-1), { status: 'ready', progressPercent: 100 });
});

t.test('streams need credentials and ownership', async (t) => {
  const { id } = await newEpisode();
  const stranger = await registerUser(api);
  t.equal((await api.request(`/api/episodes/${id}/stream`)).status, 401);
  t.equal((await api.request(`/api/episodes/${id}/stream`, { token: stranger.accessToken })).status, 404);
});

t.test('a client that goes away mid-stream leaves no subscriber behind', async (t) => {
  const { user, id } = await newEpisode();
  const before = api.api.progressHub.subscriberCount;
  const controller = new AbortController();
  const response = await api.request(`/api/episodes/${id}/stream`, { token: user.accessToken, signal: controller.signal });
  await sseMessages(response).next();
  await waitForSubscribers(before + 1);
  controller.abort();
  await until('the stream to unsubscribe', () => api.api.progressHub.subscriberCount <= before, 30_000, 20);
  t.equal(api.api.progressHub.subscriberCount, before, 'the stream unsubscribed when its client left');
});

/** A raw TLS connection speaking `version` to the api: the bytes the stream sends, as sent. */
async function rawStream(path: string, token: string, version: '1.0' | '1.1') {
  const { cert } = await loadTlsCredentials(api.config);
  const socket = connect({ host: '127.0.0.1', port: api.api.port, ca: cert, servername: 'localhost' });
  await once(socket, 'secureConnect');
  socket.setEncoding('latin1');
  let received = '';
  socket.on('data', (chunk: string) => (received += chunk));
  const closed = once(socket, 'close');
  socket.write(`GET ${path} HTTP/${version}\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n\r\n`);
  return {
    closed,
    async until(text: string) {
      await until(`${JSON.stringify(text)} on the raw stream`, () => received.includes(text), 30_000, 10);
      return received;
    },
  };
}
const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;

t.test('on the wire: one HTTP/1.1 chunk per message, ended by the last chunk; unframed over HTTP/1.0', async (t) => {
  const { user, id } = await newEpisode();
  const http11 = await rawStream(`/api/episodes/${id}/stream`, user.accessToken, '1.1');
  const http10 = await rawStream(`/api/episodes/${id}/stream`, user.accessToken, '1.0');
  await http11.until('progressPercent":0');
  await http10.until('progressPercent":0');
  await waitForSubscribers(2);
  await move(id, 'ingesting', 10);
  await move(id, 'ready', 100, { audio_key: `episodes/${id}/audio.mp3`, audio_duration_ms: 61_400 });

  const ingesting = 'data: {"status":"ingesting","progressPercent":10}\n\n';
  const chunked = await http11.until('\r\n0\r\n\r\n');
  t.match(chunked, /^HTTP\/1\.1 200 OK\r\n/);
  t.match(chunked, /\r\ntransfer-encoding: chunked\r\n/i);
  const body = chunked.slice(chunked.indexOf('\r\n\r\n') + 4);
  t.equal(body.split(chunk(ingesting)).length, 2, 'a progress step is one chunk of its exact size');
  t.match(body, /^[\da-f]+\r\nretry: 3000\n\n\r\n[\da-f]+\r\ndata: \{"status":"queued","progressPercent":0\}\n\n\r\n/, 'every message is a chunk, from the first');
  t.ok(body.endsWith(`${chunk(`data: {"status":"ready","progressPercent":100,"audioUrl":"/api/episodes/${id}/audio","audioDuration":61}\n\n`)}0\r\n\r\n`), 'the last message, then the last chunk');

  await http10.closed;
  const plain = await http10.until('');
  t.match(plain, /^HTTP\/1\.1 200 OK\r\n/);
  t.notMatch(plain, /transfer-encoding/i, 'an HTTP/1.0 client gets no chunked encoding');
  t.ok(plain.includes(`\r\n\r\nretry: 3000\n\ndata: {"status":"queued","progressPercent":0}\n\n${ingesting}data: {"status":"ready"`), 'its messages come as they are, and the connection closing ends them');
});
