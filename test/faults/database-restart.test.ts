// PostgreSQL restarting under a running service (`castwright start`: api, general and
// media workers as processes), with episodes in flight and progress streams open. While
// it is gone the api says so (503, quickly); afterwards every role carries on by itself:
// no accepted episode is lost and every stream ends at the episode's true final state.
import t from 'tap';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent, fetch, type RequestInit } from 'undici';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '@castwright/cli/embedded-database';
import { migrateDatabase } from '@castwright/cli/migrate-database';
import { createDb } from '@castwright/core/db/connect';
import { createLogger } from '@castwright/core/logger';
import { updateUserTier } from '@castwright/core/repositories/users';
import { freePort } from '#test-helpers/free-port';
import { startRoleProcess } from '#test-helpers/role-process';
import { sseMessages } from '#test-helpers/sse-client';
import { until } from '#test-helpers/until';

t.setTimeout(600_000);
const logger = createLogger({ level: 'silent', role: 'test' });
const databaseDir = await mkdtemp(path.join(tmpdir(), 'castwright-restart-db-'));
const appDir = await mkdtemp(path.join(tmpdir(), 'castwright-restart-app-'));
const databasePort = await freePort();
let database: EmbeddedDatabase = await startEmbeddedDatabase({ dataDir: databaseDir, port: databasePort, logger });
await migrateDatabase(database.url, logger);
const db = createDb(database.url, { max: 2 });
t.teardown(async () => {
  await db.destroy();
  await database.stop().catch(() => undefined);
  await rm(databaseDir, { recursive: true, force: true });
  await rm(appDir, { recursive: true, force: true });
});

const port = await freePort();
const service = startRoleProcess(t, ['start'], {
  DATABASE_URL: database.url,
  DATA_DIR: appDir,
  PORT: String(port),
  WORKER_HEARTBEAT_MS: '500',
  WORKER_DEAD_AFTER_MS: '5000',
});
const agent = new Agent({ connect: { rejectUnauthorized: false } });
t.teardown(() => agent.close());
const call = (target: string, init: RequestInit = {}) => fetch(`https://127.0.0.1:${port}${target}`, { ...init, dispatcher: agent });
const timed = async (target: string, init: RequestInit = {}) => {
  const started = Date.now();
  const response = await call(target, init);
  return { response, ms: Date.now() - started };
};

async function waitForHealth(status: number, timeoutMs = 120_000): Promise<number> {
  const started = Date.now();
  await until(`/api/health to answer ${status}`, () => call('/api/health').then((response) => response.status === status, () => false), timeoutMs, 200);
  return Date.now() - started;
}

const streams: Promise<Record<string, unknown>[]>[] = [];
const accepted: string[] = [];
let token = '';

async function createAndFollow(n: number): Promise<void> {
  const response = await call('/api/episodes', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content: `Episode ${n}. Tides rise and fall twice a day. The moon pulls the oceans towards it.`, preset: 'quick' }),
  });
  if (response.status !== 202) throw new Error(`create: ${response.status} ${await response.text()}`);
  const id = ((await response.json()) as { episode: { id: string } }).episode.id;
  accepted.push(id);
  const stream = await call(`/api/episodes/${id}/stream`, { headers: { authorization: `Bearer ${token}` } });
  streams.push((async () => {
    const messages: Record<string, unknown>[] = [];
    for await (const message of sseMessages(stream)) messages.push(message);
    return messages;
  })());
}

t.test('the service is up and episodes are in flight', async (t) => {
  await waitForHealth(200);
  const registered = await call('/api/auth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'restart@example.com', password: 'Restart1234' }) });
  t.equal(registered.status, 201);
  token = ((await registered.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
  await updateUserTier(db, 'restart@example.com', 'enterprise');
  for (let n = 0; n < 4; n++) await createAndFollow(n);
  t.equal(accepted.length, 4);
});

t.test('while PostgreSQL is down the api answers 503 at once, never a 500 or a hang', async (t) => {
  await db.destroy();
  await database.stop();
  const health = await timed('/api/health');
  t.equal(health.response.status, 503);
  const create = await timed('/api/episodes', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content: 'Refused while the database is away.', preset: 'quick' }),
  });
  t.equal(create.response.status, 503, 'a request that needs the database is a clear 503');
  t.match(await create.response.json(), { success: false, error: 'Service unavailable', message: /database/i });
  t.ok(create.response.headers.get('retry-after'), 'with Retry-After');
  t.comment(`503s answered in ${health.ms} ms (health) and ${create.ms} ms (create)`);
  t.ok(create.ms < 30_000, 'well inside the request timeout');
});

t.test('PostgreSQL comes back: every role reconnects, nothing accepted is lost, every stream ends at the truth', async (t) => {
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  database = await startEmbeddedDatabase({ dataDir: databaseDir, port: databasePort, logger });
  const recoveredIn = await waitForHealth(200);
  t.comment(`api healthy again ${recoveredIn} ms after PostgreSQL started`);
  const fresh = createDb(database.url, { max: 2 });
  t.teardown(() => fresh.destroy());
  for (let n = 4; n < 8; n++) await createAndFollow(n);

  const finished = await Promise.all(streams);
  const rows = await fresh.selectFrom('episodes').select(['id', 'status', 'error_message']).where('id', 'in', accepted).execute();
  t.equal(rows.length, accepted.length, 'every accepted episode is still there');
  for (const [index, id] of accepted.entries()) {
    const row = rows.find((candidate) => candidate.id === id);
    t.equal(row?.status, 'ready', `${id} is ready ${row?.error_message ?? ''}`);
    t.equal(finished[index]?.at(-1)?.status, row?.status, `${id}: its stream ended at the stored state`);
  }
  // A worker whose job ended while the database was away cannot record the outcome; its
  // job runner then stops for good (graphile-worker), and the worker exits to be started
  // afresh (start-worker.ts). That is the one way a role may go; nothing else dies of it.
  const fatal = service.logs.filter((line) => line.level === 60);
  t.same(fatal.filter((line) => !/the job runner stopped; exiting so a fresh worker starts/.test(String(line.msg))), [], 'no role died of it (no other fatal log)');
  t.comment(`workers started afresh after a lost job outcome: ${fatal.length}`);
});

t.test('Ctrl-C still stops everything', async (t) => {
  service.signal('SIGINT');
  t.same(await service.exited, { code: 0, signal: null });
});
