// The typed client's retries against a real api behind a loopback proxy that misbehaves:
// an answer lost after the episode was created is retried with the same Idempotency-Key
// and comes back as the kept answer, so exactly one episode exists; 503 and 429 with
// Retry-After are waited out; attempts are bounded; a POST without a key (login) is never
// sent twice after a network error; and retries can be turned off.
import t from 'tap';
import { sql } from 'kysely';
import { loadTlsCredentials } from '@castwright/api/server/tls-credentials';
import { createCastwrightClient, type ClientOptions } from '@castwright/client/castwright-client';
import { trustedFetch } from '@castwright/client/trusted-fetch';
import { startFlakyProxy, type Behaviour } from '#test-helpers/flaky-proxy';
import { creator, startTestApi } from '#test-helpers/test-api';

const api = await startTestApi(t);
const { cert, key } = await loadTlsCredentials(api.config);
const trusting = trustedFetch(cert, { servername: 'localhost' });
const db = api.database.db;

async function behind(behave: Behaviour, options: Partial<ClientOptions> = {}) {
  const proxy = await startFlakyProxy(t, { target: api.baseUrl, cert, key, behave });
  const user = await creator(api);
  const client = createCastwrightClient({ baseUrl: proxy.baseUrl, token: user.accessToken, fetch: trusting, ...options });
  return { proxy, user, client };
}

async function episodesOf(userId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM episodes WHERE user_id = ${userId}`.execute(db);
  return rows[0]?.n ?? 0;
}

const EPISODE = { content: 'Swifts sleep on the wing, high above the clouds, for months at a time.', preset: 'quick' as const };

t.test('an answer lost after the episode was made: the retry carries the same key and gets the kept answer; one episode', async (t) => {
  const { proxy, user, client } = await behind((request, index) => (request.method === 'POST' && index === 0 ? 'drop-answer' : 'forward'));
  const created = await client.POST('/api/episodes', { body: EPISODE });
  t.equal(created.response.status, 202);
  t.equal(created.response.headers.get('idempotent-replayed'), 'true', 'the second attempt was answered from the kept answer');
  t.equal(proxy.requests.length, 2, 'sent twice');
  const keys = proxy.requests.map((request) => request.headers['idempotency-key']);
  t.match(keys[0], /^[0-9a-f-]{36}$/, 'a generated key');
  t.equal(keys[1], keys[0], 'the same key on the retry');
  t.equal(await episodesOf(user.userId), 1, 'exactly one episode');
  t.equal(created.data?.episode.id, (await db.selectFrom('episodes').select('id').where('user_id', '=', user.userId).executeTakeFirstOrThrow()).id);

  // A new call is a new logical request: a new key, a second episode.
  t.equal((await client.POST('/api/episodes', { body: EPISODE })).response.status, 202);
  t.not(proxy.requests[2]?.headers['idempotency-key'], keys[0]);
  t.equal(await episodesOf(user.userId), 2);
});

t.test('uploads are retried with their body and key too', async (t) => {
  const { proxy, user, client } = await behind((request, index) => (request.method === 'POST' && index === 0 ? 'drop-answer' : 'forward'));
  const uploaded = await client.POST('/api/episodes/upload', {
    body: { file: 'tides.txt', preset: 'quick' },
    bodySerializer: () => {
      const form = new FormData();
      form.append('preset', 'quick');
      form.append('file', new Blob(['The tide turns twice a day, pulled by the moon.\n']), 'tides.txt');
      return form;
    },
  });
  t.equal(uploaded.response.status, 202);
  t.equal(uploaded.response.headers.get('idempotent-replayed'), 'true');
  t.equal(proxy.requests.length, 2);
  t.equal(await episodesOf(user.userId), 1);
});

t.test('with retries off, the lost answer is an error, though the episode was made', async (t) => {
  const { proxy, user, client } = await behind((request, index) => (request.method === 'POST' && index === 0 ? 'drop-answer' : 'forward'), { retry: false });
  await t.rejects(client.POST('/api/episodes', { body: EPISODE }));
  t.equal(proxy.requests.length, 1);
  t.equal(await episodesOf(user.userId), 1);
});

t.test('503 and 429 with Retry-After are waited out; attempts are bounded', async (t) => {
  const busy: Behaviour = (_request, index) => (index === 0 ? { status: 503, headers: { 'retry-after': '1' } } : index === 1 ? { status: 429, headers: { 'retry-after': '1' } } : 'forward');
  const { proxy, client } = await behind(busy);
  const profile = await client.GET('/api/user/profile');
  t.equal(profile.response.status, 200);
  t.equal(proxy.requests.length, 3);

  const down = await behind(() => ({ status: 503 }), { retry: { attempts: 3, baseDelayMs: 10 } });
  const refused = await down.client.GET('/api/user/profile');
  t.equal(refused.response.status, 503, 'the last answer comes back');
  t.equal(down.proxy.requests.length, 3, 'three attempts in all');

  const far = await behind(() => ({ status: 429, headers: { 'retry-after': '3600' } }));
  t.equal((await far.client.GET('/api/user/profile')).response.status, 429, 'a wait beyond maxDelayMs is not waited');
  t.equal(far.proxy.requests.length, 1);
});

t.test('no retry where it could do something twice, or cannot help', async (t) => {
  // A POST that takes no key (login): after a network error, not sent again.
  const login = await behind(() => 'drop-answer');
  const anonymous = createCastwrightClient({ baseUrl: login.proxy.baseUrl, fetch: trusting });
  await t.rejects(anonymous.POST('/api/auth/login', { body: { email: 'nobody@example.com', password: 'Whatever1' } }));
  t.equal(login.proxy.requests.length, 1);
  t.equal(login.proxy.requests[0]?.headers['idempotency-key'], undefined, 'login takes no key');

  // The monthly quota's 429 says no Retry-After: final.
  const quota = await behind(() => ({ status: 429, body: { success: false, error: 'Monthly quota exceeded', message: 'Used up' } }));
  t.equal((await quota.client.POST('/api/episodes', { body: EPISODE })).response.status, 429);
  t.equal(quota.proxy.requests.length, 1);

  // A 503 to a POST without a key: not repeated (the server may have begun).
  const refresh = await behind(() => ({ status: 503, headers: { 'retry-after': '1' } }));
  const plain = createCastwrightClient({ baseUrl: refresh.proxy.baseUrl, fetch: trusting });
  t.equal((await plain.POST('/api/auth/refresh', { body: { refreshToken: 'x' } })).response.status, 503);
  t.equal(refresh.proxy.requests.length, 1);
});

t.test("a key of the caller's own is kept and repeated", async (t) => {
  const { proxy, client } = await behind((request, index) => (index === 0 ? 'drop-answer' : 'forward'));
  const made = await client.POST('/api/playlists', { body: { name: 'Mine' }, headers: { 'idempotency-key': 'my-own-key-1' } });
  t.equal(made.response.status, 201);
  t.same(proxy.requests.map((request) => request.headers['idempotency-key']), ['my-own-key-1', 'my-own-key-1']);
});
