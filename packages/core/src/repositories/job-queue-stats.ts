// What the job queue holds, per task, for metrics: read from graphile-worker's own tables
// (db/graphile-worker-schema.ts, as the KEDA queries in deploy/ use). One grouped scan per scrape.
import type { Executor } from '../db/connect.ts';
import { jobCountsByTask } from '../db/graphile-worker-schema.ts';

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
  const { rows } = await jobCountsByTask().execute(db);
  return rows;
}
