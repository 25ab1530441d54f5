// A worker process's probes on METRICS_PORT, as Kubernetes and Prometheus use them:
// liveness, readiness, and the queue per task with what this worker did.
import t from 'tap';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { newId } from '@castwright/core/ids';
import { freePort } from '#test-helpers/free-port';
import { startRoleProcess } from '#test-helpers/role-process';
import { createTestDatabase } from '#test-helpers/test-database';
import { until } from '#test-helpers/until';

const database = await createTestDatabase(t);
const dataDir = await mkdtemp(path.join(tmpdir(), 'castwright-probes-'));
t.teardown(() => rm(dataDir, { recursive: true, force: true }));
const port = await freePort();
const worker = startRoleProcess(t, ['worker', '--role', 'general'], { DATABASE_URL: database.url, DATA_DIR: dataDir, METRICS_PORT: String(port), LOG_LEVEL: 'info' });
await worker.waitForLog((line) => line.msg === 'health and metrics at /healthz, /readyz and /metrics');
const probe = (target: string) => fetch(`http://127.0.0.1:${port}${target}`);

/** The value of one sample line of the exposition, or undefined. */
async function sample(name: string, labels: string): Promise<number | undefined> {
  const text = await (await probe('/metrics')).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{`) && candidate.includes(labels));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

t.test('liveness and readiness answer 200 on a running worker; other paths 404', async (t) => {
  t.equal((await probe('/healthz')).status, 200);
  const ready = await probe('/readyz');
  t.equal(ready.status, 200);
  t.equal(await ready.text(), 'ready\n');
  t.equal((await probe('/nothing')).status, 404);
  t.equal((await probe('/metrics')).headers.get('content-type'), 'text/plain; version=0.0.4; charset=utf-8');
});

t.test('/metrics counts the queue per task and state, and this worker\'s job outcomes', async (t) => {
  const db = database.db;
  // Another role's job stays queued here; a job for later is scheduled; a general job whose
  // payload is refused and that has one attempt fails.
  await sql`SELECT graphile_worker.add_job('episode:render', '{"episodeId":"ep_probe"}'::json)`.execute(db);
  await sql`SELECT graphile_worker.add_job('episode:render', '{"episodeId":"ep_later"}'::json, run_at => now() + interval '1 hour')`.execute(db);
  await sql`SELECT graphile_worker.add_job('email:send', '{"not":"a mail"}'::json, max_attempts => 1)`.execute(db);
  await until('the refused mail job to fail', async () => (await sample('castwright_jobs', 'task="email:send",state="failed"')) === 1, 60_000);
  t.equal(await sample('castwright_jobs', 'task="episode:render",state="queued"'), 1);
  t.equal(await sample('castwright_jobs', 'task="episode:render",state="scheduled"'), 1);
  t.equal(await sample('castwright_jobs', 'task="episode:render",state="running"'), 0);
  t.equal(await sample('castwright_jobs', 'task="email:send",state="failed"'), 1);
  t.equal(await sample('castwright_worker_jobs_total', 'task="email:send",outcome="failed"'), 1);
  t.equal(await sample('castwright_worker_job_duration_seconds_count', 'task="email:send",outcome="failed"'), 1);
  t.equal(await sample('castwright_job_wait_seconds_count', 'task="email:send"'), 1, 'how long the job waited for this worker');
  const text = await (await probe('/metrics')).text();
  t.match(text, /role="general"/, 'every sample names the role');
  t.match(text, /castwright_process_resident_memory_bytes/, "Node's own metrics");
});

t.test('/metrics reports the capacity figures: live workers per role and the database\'s connections against its limit', async (t) => {
  t.equal(await sample('castwright_workers_alive', 'worker_role="general"'), 1, 'this worker beats');
  const { rows } = await sql<{ open: number; limit: number }>`
    SELECT (SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend')::int AS open,
      current_setting('max_connections')::int - current_setting('superuser_reserved_connections')::int AS limit`.execute(database.db);
  t.equal(await sample('castwright_database_connections', 'kind="limit"'), rows[0]?.limit, 'max_connections less the reserved slots');
  const open = (await sample('castwright_database_connections', 'kind="open"')) ?? 0;
  t.ok(open >= 3 && open <= (rows[0]?.limit ?? 0), `open connections counted (${open}: this worker's and the test's own)`);
});

t.test('a media worker reports each render: the engine\'s real-time factor and the mastering time', async (t) => {
  const db = database.db;
  const userId = randomUUID();
  await db.insertInto('users').values({ id: userId, email: `probe-${userId.slice(0, 8)}@example.com`, password_hash: 'not-used', tier: 'creator' }).execute();
  const episodeId = newId('episode');
  await db.insertInto('episodes').values({
    id: episodeId, user_id: userId, title: 'Probe', description: 'A probe episode.', status: 'generating_audio', progress_percent: 70,
    preset: 'quick', host_mode: 'single', voice_style: 'professional', voice_pair: 'expert-curious', tts_engine: 'auto',
    review_script: false, source_type: 'text', source_url: null, source_text: 'Rivers carve valleys.',
    script_text: '[Host 1]: Rivers carve valleys over millions of years.', audio_key: null, audio_duration_ms: null, error_message: null,
  }).execute();
  const mediaPort = await freePort();
  const media = startRoleProcess(t, ['worker', '--role', 'media'], { DATABASE_URL: database.url, DATA_DIR: dataDir, METRICS_PORT: String(mediaPort), LOG_LEVEL: 'info' });
  await media.waitForLog((line) => line.msg === 'health and metrics at /healthz, /readyz and /metrics');
  await sql`SELECT graphile_worker.add_job('episode:render', json_build_object('episodeId', ${episodeId}::text))`.execute(db);
  await until('the render to finish', async () => {
    const row = await db.selectFrom('episodes').select('status').where('id', '=', episodeId).executeTakeFirstOrThrow();
    return row.status === 'ready' || row.status === 'error';
  }, 180_000, 250);
  t.equal((await db.selectFrom('episodes').select('status').where('id', '=', episodeId).executeTakeFirstOrThrow()).status, 'ready');
  const text = await (await fetch(`http://127.0.0.1:${mediaPort}/metrics`)).text();
  const value = (name: string, label = '') => Number(text.split('\n').find((line) => line.startsWith(`${name}{`) && line.includes(label))?.split(' ').at(-1));
  t.equal(value('castwright_tts_real_time_factor_count', 'engine="offline"'), 1, 'one render by the built-in voice');
  t.ok(value('castwright_tts_real_time_factor_sum', 'engine="offline"') > 0, 'its synthesis took time');
  t.equal(value('castwright_mastering_duration_seconds_count'), 1, 'one mastering');
  t.ok(value('castwright_mastering_duration_seconds_sum') > 0);
  media.signal('SIGTERM');
  await media.exited;
});

t.test('after SIGTERM the worker stops and its probes with it', async (t) => {
  worker.signal('SIGTERM');
  t.same(await worker.exited, { code: 0, signal: null });
  await t.rejects(probe('/healthz'), 'the listener is closed');
});
