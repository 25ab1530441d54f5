// The liveness rules, against the real graphile-worker schema: who counts as dead, when a
// sweeper may judge, and that only dead workers' jobs are released.
import t from 'tap';
import { sql } from 'kysely';
import { addJob, SYSTEM_ACCOUNT } from '@castwright/core/jobs';
import { deleteDeadWorkers, upsertHeartbeat } from '@castwright/core/repositories/worker-heartbeats';
import { createTestDatabase } from '#test-helpers/test-database';

const { db } = await createTestDatabase(t);
const BOUND_MS = 30_000;
const beat = (workerId: string) => upsertHeartbeat(db, { workerId, role: 'media', hostname: 'test', pid: 1 }, 10_000);
const sweep = (sweeperId: string) => db.transaction().execute((trx) => deleteDeadWorkers(trx, sweeperId, BOUND_MS));
const age = (workerId: string, column: 'last_seen_at' | 'streak_started_at', seconds: number) =>
  sql`UPDATE worker_heartbeats SET ${sql.ref(column)} = now() - make_interval(secs => ${seconds}) WHERE worker_id = ${workerId}`.execute(db);

/** A render job locked by `workerId`, `secondsAgo` seconds ago; returns its id. */
async function lockedJob(episodeId: string, workerId: string, secondsAgo: number): Promise<string> {
  await addJob(db, 'episode:render', { episodeId }, { account: SYSTEM_ACCOUNT, fair: true });
  const result = await sql<{ id: string }>`
    UPDATE graphile_worker._private_jobs SET locked_by = ${workerId}, locked_at = now() - make_interval(secs => ${secondsAgo}), attempts = 1
    WHERE payload->>'episodeId' = ${episodeId} RETURNING id`.execute(db);
  return String(result.rows[0]?.id);
}
const lockOf = async (jobId: string) =>
  (await sql<{ locked_by: string | null }>`SELECT locked_by FROM graphile_worker._private_jobs WHERE id = ${jobId}`.execute(db)).rows[0]?.locked_by;

t.test('a sweeper that has not beaten on time for a whole bound judges nobody', async (t) => {
  await beat('pool-sweeper');
  await beat('pool-silent');
  await age('pool-silent', 'last_seen_at', 120);
  const job = await lockedJob('ep_a', 'pool-silent', 120);
  t.same(await sweep('pool-sweeper'), [], 'a fresh streak (e.g. right after a database outage) sweeps nothing');
  t.equal(await lockOf(job), 'pool-silent');
  await age('pool-sweeper', 'streak_started_at', 60);
  t.same(await sweep('pool-sweeper'), ['pool-silent'], 'a mature sweeper releases the silent worker');
  t.equal(await lockOf(job), null, 'its job is free for another worker at once');
  const rows = await db.selectFrom('worker_heartbeats').select('worker_id').execute();
  t.same(rows.map((row) => row.worker_id).sort(), ['pool-sweeper'], 'the dead worker\'s heartbeat row is gone');
});

t.test('live workers keep their jobs; a locker with no heartbeat at all is dead after the bound', async (t) => {
  await beat('pool-live');
  const live = await lockedJob('ep_b', 'pool-live', 120);
  const ghostRecent = await lockedJob('ep_c', 'pool-ghost-recent', 5);
  const ghostOld = await lockedJob('ep_d', 'pool-ghost-old', 120);
  t.same(await sweep('pool-sweeper'), ['pool-ghost-old']);
  t.equal(await lockOf(live), 'pool-live', 'a job held for long by a beating worker is a long job, not a dead one');
  t.equal(await lockOf(ghostRecent), 'pool-ghost-recent', 'a lock younger than the bound is left alone (its worker may not have beaten yet)');
  t.equal(await lockOf(ghostOld), null);
});

t.test('a beat after a gap starts a new streak', async (t) => {
  await age('pool-sweeper', 'last_seen_at', 60);
  await beat('pool-sweeper');
  const row = await db.selectFrom('worker_heartbeats').selectAll().where('worker_id', '=', 'pool-sweeper').executeTakeFirstOrThrow();
  t.equal(row.streak_started_at.getTime(), row.last_seen_at.getTime(), 'the streak restarted at this beat');
  t.same(await sweep('pool-sweeper'), [], 'so this sweeper waits a bound before judging again');
});

t.test('only one sweeper sweeps at a time', async (t) => {
  await age('pool-sweeper', 'streak_started_at', 60);
  await beat('pool-other');
  await age('pool-other', 'streak_started_at', 60);
  await beat('pool-dying');
  await age('pool-dying', 'last_seen_at', 120);
  // The first holds the sweep lock in an open transaction while the second tries.
  const outcome = await db.transaction().execute(async (trx) => {
    const first = await deleteDeadWorkers(trx, 'pool-sweeper', BOUND_MS);
    const second = await sweep('pool-other');
    return { first, second };
  });
  t.same(outcome, { first: ['pool-dying'], second: [] });
});

t.test('a job gets its attempt back for the first deaths of its workers, not for more', async (t) => {
  const job = await lockedJob('ep_poison', 'pool-killed-1', 120);
  const attempts = async () =>
    Number((await sql<{ attempts: number }>`SELECT attempts FROM graphile_worker._private_jobs WHERE id = ${job}`.execute(db)).rows[0]?.attempts);
  for (let death = 1; death <= 4; death++) {
    // The job is taken again (an attempt counted) and its worker dies again.
    await sql`UPDATE graphile_worker._private_jobs SET attempts = attempts + 1, locked_by = ${`pool-killed-${death}`}, locked_at = now() - interval '2 minutes' WHERE id = ${job}`.execute(db);
    const before = await attempts();
    t.same(await sweep('pool-sweeper'), [`pool-killed-${death}`]);
    t.equal(await attempts(), death <= 3 ? before - 1 : before, death <= 3 ? `death ${death} is forgiven` : 'the fourth death counts as a failed attempt');
  }
});
