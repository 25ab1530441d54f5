// Worker liveness. Each graphile-worker pool records a heartbeat every few seconds; a
// pool silent for longer than the liveness bound is dead, and its jobs are released with
// graphile-worker's own force_unlock_workers so another worker takes them at once
// (otherwise they stay locked for graphile-worker's 4-hour default).
import { sql } from 'kysely';
import type { Executor, Trx } from '../db/connect.ts';
import { forceUnlockWorkers, jobExists, jobsLockedBy, lockHolders, rescheduleJobAttempts } from '../db/graphile-worker-schema.ts';

export interface Heartbeat {
  workerId: string;
  role: string;
  hostname: string;
  pid: number;
  /** A media worker's engines and the catalog ids of their voices (repositories/voices.ts reads them for availability). */
  capabilities?: { engines: readonly string[]; voiceIds: readonly string[] };
}

/**
 * Records that the pool is alive, and what it can voice now. A beat that comes after a
 * gap longer than `gapMs` (the database was away, or the process was paused) starts a
 * new streak.
 */
export async function upsertHeartbeat(db: Executor, beat: Heartbeat, gapMs: number): Promise<void> {
  const engines = [...(beat.capabilities?.engines ?? [])];
  const voiceIds = [...(beat.capabilities?.voiceIds ?? [])];
  await sql`
    INSERT INTO worker_heartbeats (worker_id, role, hostname, pid, engines, voice_ids)
    VALUES (${beat.workerId}, ${beat.role}, ${beat.hostname}, ${beat.pid}, ${engines}::text[], ${voiceIds}::text[])
    ON CONFLICT (worker_id) DO UPDATE SET
      last_seen_at = now(),
      engines = excluded.engines,
      voice_ids = excluded.voice_ids,
      streak_started_at = CASE
        WHEN worker_heartbeats.last_seen_at < now() - make_interval(secs => ${gapMs / 1000}) THEN now()
        ELSE worker_heartbeats.streak_started_at
      END`.execute(db);
}

/** Workers beating within the liveness bound, per role: the fleet's size as the database sees it. */
export async function countLiveWorkers(db: Executor, deadAfterMs: number): Promise<{ role: string; workers: number }[]> {
  const { rows } = await sql<{ role: string; workers: number }>`
    SELECT role, count(*)::int AS workers FROM worker_heartbeats
    WHERE last_seen_at > now() - make_interval(secs => ${deadAfterMs / 1000})
    GROUP BY role ORDER BY role`.execute(db);
  return rows;
}

/** A pool that stops cleanly says so, so nobody waits out the bound for it. */
export async function deleteHeartbeat(db: Executor, workerId: string): Promise<void> {
  await db.deleteFrom('worker_heartbeats').where('worker_id', '=', workerId).execute();
}

// Any constant: one sweeper at a time across the whole fleet.
const SWEEP_LOCK = 7_146_031_204;
/** Deaths of its worker a job is forgiven (its attempt given back); more count as failed attempts. */
const FORGIVEN_INTERRUPTIONS = 3;

/**
 * Releases the jobs of dead workers; returns their ids. Runs only if this transaction
 * wins the fleet-wide sweep lock (others skip this round) and only if the sweeper itself
 * has been beating on time for a whole bound: right after a database outage every streak
 * restarts, so live workers get the time to report before anyone is judged dead.
 * A worker is dead when its heartbeat is older than the bound, or when it holds jobs
 * locked longer than the bound without any heartbeat row (it died before its first beat).
 * A released job gets its attempt back for its first FORGIVEN_INTERRUPTIONS deaths: the
 * worker died, the job did not fail.
 */
export async function deleteDeadWorkers(trx: Trx, sweeperId: string, deadAfterMs: number): Promise<string[]> {
  const bound = sql`make_interval(secs => ${deadAfterMs / 1000})`;
  const lock = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${SWEEP_LOCK}) AS locked`.execute(trx);
  if (!lock.rows[0]?.locked) return [];
  const self = await sql<{ mature: boolean }>`
    SELECT streak_started_at <= now() - ${bound} AND last_seen_at > now() - ${bound} AS mature
    FROM worker_heartbeats WHERE worker_id = ${sweeperId}`.execute(trx);
  if (!self.rows[0]?.mature) return [];
  const dead = await sql<{ worker_id: string }>`
    SELECT worker_id FROM worker_heartbeats WHERE last_seen_at < now() - ${bound}
    UNION
    SELECT holders.worker_id FROM (${lockHolders(bound)}) AS holders
    WHERE holders.worker_id NOT IN (SELECT worker_id FROM worker_heartbeats)`.execute(trx);
  const ids = dead.rows.map((row) => row.worker_id);
  if (ids.length === 0) return [];
  const held = await jobsLockedBy(ids).execute(trx);
  await forceUnlockWorkers(ids).execute(trx);
  for (const job of held.rows) {
    const counted = await sql<{ interruptions: number }>`
      INSERT INTO job_interruptions (job_id, interruptions) VALUES (${job.id}, 1)
      ON CONFLICT (job_id) DO UPDATE SET interruptions = job_interruptions.interruptions + 1, updated_at = now()
      RETURNING interruptions`.execute(trx);
    if ((counted.rows[0]?.interruptions ?? Infinity) <= FORGIVEN_INTERRUPTIONS && job.attempts > 0) {
      await rescheduleJobAttempts(job.id, job.attempts - 1).execute(trx);
    }
  }
  await trx.deleteFrom('worker_heartbeats').where('worker_id', 'in', ids).execute();
  return ids;
}

/** Interruption counts of jobs that are gone (done or deleted) are of no more use. */
export async function deleteSettledInterruptions(db: Executor): Promise<number> {
  const result = await sql`
    DELETE FROM job_interruptions WHERE NOT ${jobExists(sql.ref('job_interruptions.job_id'))}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
