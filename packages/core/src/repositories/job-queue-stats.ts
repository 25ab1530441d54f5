// What the job queue holds, per task, for metrics: read from graphile-worker's own tables
// (>= 0.16 names, as the KEDA queries in deploy/ use). One grouped scan per scrape.
import { sql } from 'kysely';
import type { Executor } from '../db/connect.ts';

export interface TaskQueueCounts {
  task: string;
  /** Waiting to run now (unlocked, attempts left, run_at reached). */
  queued: number;
  /** Waiting for a later run_at: a retry's backoff or a scheduled job. */
  scheduled: number;
  /** Locked by a worker. */
  running: number;
  /** Out of attempts: kept by graphile-worker, never run again. */
  failed: number;
}

export async function countJobsByTask(db: Executor): Promise<TaskQueueCounts[]> {
  const { rows } = await sql<{ task: string; queued: number; scheduled: number; running: number; failed: number }>`
    SELECT tasks.identifier AS task,
      count(*) FILTER (WHERE jobs.is_available AND jobs.run_at <= now())::int AS queued,
      count(*) FILTER (WHERE jobs.is_available AND jobs.run_at > now())::int AS scheduled,
      count(*) FILTER (WHERE jobs.locked_at IS NOT NULL)::int AS running,
      count(*) FILTER (WHERE jobs.locked_at IS NULL AND jobs.attempts >= jobs.max_attempts)::int AS failed
    FROM graphile_worker._private_jobs AS jobs
    JOIN graphile_worker._private_tasks AS tasks ON tasks.id = jobs.task_id
    GROUP BY tasks.identifier
    ORDER BY tasks.identifier`.execute(db);
  return rows;
}
