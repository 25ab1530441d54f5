// A worker process's probes on METRICS_PORT, as Kubernetes and Prometheus use them:
// liveness, readiness, and the queue per task with what this worker did.
import t from 'tap';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { freePort } from '#test-helpers/free-port';
import { startRoleProcess } from '#test-helpers/role-process';
import { createTestDatabase } from '#test-helpers/test-database';

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
  const deadline = Date.now() + 30_000;
  while ((await sample('castwright_jobs', 'task="email:send",state="failed"')) !== 1 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  t.equal(await sample('castwright_jobs', 'task="episode:render",state="queued"'), 1);
  t.equal(await sample('castwright_jobs', 'task="episode:render",state="scheduled"'), 1);
  t.equal(await sample('castwright_jobs', 'task="episode:render",state="running"'), 0);
  t.equal(await sample('castwright_jobs', 'task="email:send",state="failed"'), 1);
  t.equal(await sample('castwright_worker_jobs_total', 'task="email:send",outcome="failed"'), 1);
  t.equal(await sample('castwright_worker_job_duration_seconds_count', 'task="email:send",outcome="failed"'), 1);
  const text = await (await probe('/metrics')).text();
  t.match(text, /role="general"/, 'every sample names the role');
  t.match(text, /castwright_process_resident_memory_bytes/, "Node's own metrics");
});

t.test('after SIGTERM the worker stops and its probes with it', async (t) => {
  worker.signal('SIGTERM');
  t.same(await worker.exited, { code: 0, signal: null });
  await t.rejects(probe('/healthz'), 'the listener is closed');
});
