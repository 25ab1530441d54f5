import t from 'tap';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent, fetch } from 'undici';
import { createDb } from '@castwright/core/db/connect';
import { deleteExpiredCounters } from '@castwright/core/repositories/rate-limit-counters';
import { updateUserTier } from '@castwright/core/repositories/users';
import { RateLimiter } from '@castwright/api/rate-limit/rate-limiter';
import { freePort } from '#test-helpers/free-port';
import { json, randomClientIp, registerUser, startTestApi } from '#test-helpers/test-api';
import { until } from '#test-helpers/until';

const api = await startTestApi(t);

t.test('free accounts get 10 requests an hour, keyed by the user across credentials', async (t) => {
  const user = await registerUser(api);
  const statuses: number[] = [];
  let last;
  for (let n = 0; n < 10; n++) {
    last = await api.request('/api/user/profile', { token: user.accessToken, clientIp: randomClientIp() });
    statuses.push(last.status);
  }
  t.same(statuses, Array(10).fill(200), 'changing address does not reset a user limit');
  t.equal(last?.headers.get('ratelimit-limit'), '10');
  t.equal(last?.headers.get('ratelimit-remaining'), '0');
  const refused = await api.request('/api/user/profile', { token: user.accessToken });
  t.equal(refused.status, 429);
  t.match(await json(refused), { success: false, error: 'Rate limit exceeded', message: /try again in \d+ seconds/ });
  t.ok(Number(refused.headers.get('retry-after')) > 0, 'Retry-After is set');
  t.equal(refused.headers.get('ratelimit-remaining'), '0');

  // A fresh token for the same user shares the budget.
  const login = await api.request('/api/auth/login', { method: 'POST', json: { email: user.email, password: 'Sup3rSecret' }, clientIp: randomClientIp() });
  const fresh = (await json(login)).tokens.accessToken;
  t.equal((await api.request('/api/user/profile', { token: fresh })).status, 429);
});

t.test('requests that arrive together are counted one by one, each user on their own budget', async (t) => {
  const [busy, quiet] = [await registerUser(api), await registerUser(api)];
  const send = (user: typeof busy) => api.request('/api/user/profile', { token: user.accessToken });
  // Sent at once, so the api meters many of them in the same statement (request-meter.ts).
  const responses = await Promise.all([...Array.from({ length: 14 }, () => send(busy)), ...Array.from({ length: 6 }, () => send(quiet))]);
  const busyStatuses = responses.slice(0, 14).map((response) => response.status);
  t.equal(busyStatuses.filter((status) => status === 200).length, 10, 'exactly the limit succeeds');
  t.equal(busyStatuses.filter((status) => status === 429).length, 4, 'the rest are refused');
  const remaining = responses.slice(0, 14).filter((response) => response.status === 200).map((response) => Number(response.headers.get('ratelimit-remaining')));
  t.same(remaining.sort((a, b) => a - b), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 'every success saw its own count');
  t.same(responses.slice(14).map((response) => response.status), Array(6).fill(200), 'a neighbour in the same batch keeps its own budget');
  t.equal((await send(quiet)).headers.get('ratelimit-remaining'), '3', 'and its count is exact');
});

t.test('higher tiers get their own budgets', async (t) => {
  const user = await registerUser(api);
  await updateUserTier(api.database.db, user.email, 'creator');
  const response = await api.request('/api/user/profile', { token: user.accessToken });
  t.equal(response.headers.get('ratelimit-limit'), '50');
});

t.test('login: 5 attempts per 15 minutes per account and client; the owner elsewhere is not locked out', async (t) => {
  const user = await registerUser(api, 'target@example.com', 'Owner1password');
  const attacker = randomClientIp();
  const statuses: number[] = [];
  for (let n = 0; n < 6; n++) {
    statuses.push((await api.request('/api/auth/login', { method: 'POST', json: { email: user.email, password: `Guess${n}pass` }, clientIp: attacker })).status);
  }
  t.same(statuses, [401, 401, 401, 401, 401, 429]);
  const right = await api.request('/api/auth/login', { method: 'POST', json: { email: user.email, password: 'Owner1password' }, clientIp: attacker });
  t.equal(right.status, 429, 'even the right password waits, from that client');
  const owner = await api.request('/api/auth/login', { method: 'POST', json: { email: user.email, password: 'Owner1password' }, clientIp: randomClientIp() });
  t.equal(owner.status, 200, 'the owner from another client logs in');
});

t.test('login: one client spraying many accounts is stopped after 20 attempts', async (t) => {
  const sprayer = randomClientIp();
  const statuses: number[] = [];
  for (let n = 0; n < 21; n++) {
    statuses.push((await api.request('/api/auth/login', { method: 'POST', json: { email: `victim${n}@example.com`, password: 'Guess1pass' }, clientIp: sprayer })).status);
  }
  t.same(statuses, [...Array(20).fill(401), 429]);
});

t.test('register: 3 per hour per client', async (t) => {
  const client = randomClientIp();
  const statuses: number[] = [];
  for (let n = 0; n < 4; n++) {
    statuses.push((await api.request('/api/auth/register', { method: 'POST', json: { email: `reg${n}-${client}@example.com`, password: 'Valid1pass' }, clientIp: client })).status);
  }
  t.same(statuses, [201, 201, 201, 429]);
  const elsewhere = await api.request('/api/auth/register', { method: 'POST', json: { email: `other-${client}@example.com`, password: 'Valid1pass' }, clientIp: randomClientIp() });
  t.equal(elsewhere.status, 201);
});

t.test('refresh: 30 per hour per client', async (t) => {
  const client = randomClientIp();
  const statuses = new Set<number>();
  for (let n = 0; n < 30; n++) {
    statuses.add((await api.request('/api/auth/refresh', { method: 'POST', json: { refreshToken: `bogus-${n}` }, clientIp: client })).status);
  }
  t.same([...statuses], [401]);
  t.equal((await api.request('/api/auth/refresh', { method: 'POST', json: { refreshToken: 'bogus' }, clientIp: client })).status, 429);
});

t.test('the limiter fails closed with 503 when its store is unreachable; expired windows are cleaned up', async (t) => {
  const deadDb = createDb(`postgresql://nobody:nothing@127.0.0.1:${await freePort()}/none`);
  t.teardown(() => deadDb.destroy());
  const failure: unknown = await new RateLimiter(deadDb).consume({ name: 'x', limit: 1, windowMs: 1000 }, 'y').catch((error: unknown) => error);
  t.match(failure, { status: 503, error: 'Service unavailable' });

  const limiter = new RateLimiter(api.database.db, () => Date.now() - 3 * 60 * 60 * 1000);
  await limiter.consume({ name: 'old', limit: 5, windowMs: 60 * 60 * 1000 }, 'someone');
  t.ok((await deleteExpiredCounters(api.database.db)) >= 1);
  const left = await api.database.db.selectFrom('rate_limit_counters').select('key').where('key', '=', 'old:someone').execute();
  t.equal(left.length, 0);
});

t.test('limits hold across three api processes sharing one database', async (t) => {
  const ports = [await freePort(), await freePort(), await freePort()];
  const children = ports.map((port) =>
    spawn(process.execPath, ['packages/cli/bin/castwright.js', 'api'], {
      env: { ...process.env, DATABASE_URL: api.database.url, DATA_DIR: api.config.dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  );
  t.teardown(async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => (child.exitCode === null ? once(child, 'exit') : undefined)));
  });
  const client = randomClientIp();
  const agent = new Agent({ localAddress: client, connect: { rejectUnauthorized: false } });
  t.teardown(() => agent.close());
  const call = (index: number, path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
    fetch(`https://127.0.0.1:${ports[index % 3]}${path}`, {
      method: init.method ?? 'GET',
      headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
      dispatcher: agent,
    });
  for (const index of [0, 1, 2]) {
    await until(`api process ${index} to answer /api/health`, () => call(index, '/api/health').then((response) => response.status === 200, () => false), 60_000, 100);
  }

  const user = await registerUser(api, 'shared@example.com', 'Shared1pass');
  const logins: number[] = [];
  for (let n = 0; n < 6; n++) logins.push((await call(n, '/api/auth/login', { method: 'POST', body: { email: user.email, password: 'Wrong1pass' } })).status);
  t.same(logins, [401, 401, 401, 401, 401, 429], 'five login attempts in all, whichever process answers');

  const requests: number[] = [];
  for (let n = 0; n < 11; n++) requests.push((await call(n, '/api/user/profile', { token: user.accessToken })).status);
  t.same(requests, [...Array(10).fill(200), 429], 'ten requests an hour in all for a free user');
});
