// Waits for the real graphile-worker queue to run dry of some tasks, for tests of work
// the API only queues. A job that failed is reported with its error at once.
import { sql } from 'kysely';
import type { Db } from '@castwright/core/db/connect';
import { until } from './until.ts';

interface QueuedJob {
  task_identifier: string;
  attempts: number;
  last_error: string | null;
}

export async function waitForJobs(db: Db, taskPrefix: string, timeoutMs = 20_000): Promise<void> {
  await until(`the jobs ${taskPrefix}* to run`, async () => {
    const { rows } = await sql<QueuedJob>`
      SELECT task_identifier, attempts, last_error FROM graphile_worker.jobs WHERE task_identifier LIKE ${`${taskPrefix}%`}`.execute(db);
    const failed = rows.find((job) => job.last_error !== null);
    if (failed) throw new Error(`${failed.task_identifier} failed: ${failed.last_error}`);
    return rows.length === 0;
  }, timeoutMs, 50);
}
