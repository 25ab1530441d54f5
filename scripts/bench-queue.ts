// `npm run bench:queue`: what the job queue's own statements cost the database at fleet
// scale, for docs/capacity.md. Against one embedded PostgreSQL holding a backlog of
// BENCH_QUEUE_JOBS render jobs (default 10,000) from 100 accounts and BENCH_QUEUE_WORKERS
// heartbeat rows (default 100 media workers, 10 of them holding a render):
//  - queueing one render: first come, first served (graphile-worker's add_job alone) against
//    fair scheduling (the account's place, then add_job), in the same run;
//  - one heartbeat, and one sweep for dead workers (what every worker does every
//    WORKER_HEARTBEAT_MS);
//  - one move of the fair queue's origin over the whole backlog.
// Each is timed over many runs from this process (a round trip included), p50 and p95.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { moveFairQueueOrigins } from '@castwright/core/fair-queue-origin';
import { addJob } from '@castwright/core/jobs';
import { deleteDeadWorkers, upsertHeartbeat } from '@castwright/core/repositories/worker-heartbeats';
import { startBenchDatabase } from './bench/bench-database.ts';
import { percentile } from './bench/stats.ts';

const JOBS = Number(process.env.BENCH_QUEUE_JOBS ?? 10_000);
const WORKERS = Number(process.env.BENCH_QUEUE_WORKERS ?? 100);
const ACCOUNTS = 100;
const RUNS = 300;

const database = await startBenchDatabase();
const { db } = database;

async function timed(label: string, runs: number, step: (n: number) => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let n = 0; n < runs; n++) {
    const started = performance.now();
    await step(n);
    times.push(performance.now() - started);
  }
  console.log(`${label.padEnd(62)} p50 ${percentile(times, 50).toFixed(2).padStart(7)} ms  p95 ${percentile(times, 95).toFixed(2).padStart(7)} ms`);
  return percentile(times, 50);
}

try {
  const accounts = Array.from({ length: ACCOUNTS }, () => randomUUID());
  await db.insertInto('users').values(accounts.map((id, n) => ({ id, email: `queue-${id}@example.com`, password_hash: 'not-used', tier: n % 4 === 0 ? 'enterprise' : 'free' }))).execute();
  // The backlog, queued fairly as the api and workers queue it (one job per statement).
  for (let n = 0; n < JOBS; n++) await addJob(db, 'episode:render', { episodeId: `backlog-${n}` }, { account: accounts[n % ACCOUNTS] ?? '', fair: true });
  const workerIds = Array.from({ length: WORKERS }, (_, n) => `bench-worker-${n}`);
  for (const [n, workerId] of workerIds.entries()) await upsertHeartbeat(db, { workerId, role: 'media', hostname: 'bench', pid: n }, 10_000);
  await sql`UPDATE worker_heartbeats SET streak_started_at = now() - interval '1 hour'`.execute(db);
  await sql`
    UPDATE graphile_worker._private_jobs SET locked_by = 'bench-worker-' || (id % 10), locked_at = now(), attempts = 1
    WHERE id IN (SELECT id FROM graphile_worker._private_jobs ORDER BY priority, run_at LIMIT 10)`.execute(db);
  await sql`ANALYZE`.execute(db);
  console.log(`\nQueue statements against ${JOBS} waiting renders of ${ACCOUNTS} accounts, ${WORKERS} media workers' heartbeats (10 holding a render)\n`);

  const fifo = await timed('queue a render, first come, first served (add_job)', RUNS, (n) => addJob(db, 'episode:render', { episodeId: `fifo-${n}` }, { account: accounts[n % ACCOUNTS] ?? '', fair: false }));
  const fair = await timed('queue a render, fair (the account\'s place + add_job)', RUNS, (n) => addJob(db, 'episode:render', { episodeId: `fair-${n}` }, { account: accounts[n % ACCOUNTS] ?? '', fair: true }));
  console.log(`${''.padEnd(62)} fair / first come: ×${(fair / fifo).toFixed(2)}`);
  await timed('a heartbeat (one upsert)', RUNS, (n) => upsertHeartbeat(db, { workerId: workerIds[n % WORKERS] ?? '', role: 'media', hostname: 'bench', pid: n }, 10_000));
  await timed(`a sweep for dead workers (${WORKERS} heartbeats, ${JOBS} jobs)`, RUNS, (n) => db.transaction().execute((trx) => deleteDeadWorkers(trx, workerIds[n % WORKERS] ?? '', 30_000)));
  await timed(`moving the fair queue's origin (every tag of ${JOBS + 2 * RUNS} jobs)`, 5, () => moveFairQueueOrigins(db, -1));
} finally {
  await database.stop();
}
