// Listens on the episode progress channel like an api process does, recording every
// notification, so tests can count state changes (e.g. exactly one `ready`).
import pg from 'pg';
import { sql } from 'kysely';
import type { Db } from '@castwright/core/db/connect';
import { PROGRESS_CHANNEL, parseProgressEvent, type ProgressEvent } from '@castwright/core/progress';

interface TestContext {
  teardown(fn: () => Promise<void> | void): void;
}

export interface ProgressListener {
  events: ProgressEvent[];
  count(episodeId: string, status: string): number;
  /** Waits (notifications arrive after their commit) until at least one such event came; returns the count. */
  arrived(episodeId: string, status: string, timeoutMs?: number): Promise<number>;
}

export async function listenToProgress(t: TestContext, databaseUrl: string): Promise<ProgressListener> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const events: ProgressEvent[] = [];
  client.on('notification', (message) => {
    if (message.payload) events.push(parseProgressEvent(message.payload));
  });
  await client.query(`LISTEN ${PROGRESS_CHANNEL}`);
  t.teardown(() => client.end());
  const count = (episodeId: string, status: string) => events.filter((event) => event.id === episodeId && event.status === status).length;
  return {
    events,
    count,
    async arrived(episodeId, status, timeoutMs = 10_000) {
      for (const deadline = Date.now() + timeoutMs; count(episodeId, status) === 0 && Date.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return count(episodeId, status);
    },
  };
}

/** The worker (graphile-worker pool id and process id) holding an episode's job of a task, if any. */
export async function jobHolder(db: Db, episodeId: string, task: string): Promise<{ workerId: string; pid: number | null } | undefined> {
  const result = await sql<{ locked_by: string; pid: number | null }>`
    SELECT jobs.locked_by, beats.pid
    FROM graphile_worker._private_jobs AS jobs
    JOIN graphile_worker._private_tasks AS tasks ON tasks.id = jobs.task_id
    LEFT JOIN worker_heartbeats AS beats ON beats.worker_id = jobs.locked_by
    WHERE tasks.identifier = ${task} AND jobs.payload->>'episodeId' = ${episodeId} AND jobs.locked_by IS NOT NULL`.execute(db);
  const row = result.rows[0];
  return row ? { workerId: row.locked_by, pid: row.pid } : undefined;
}
