// Listens on the episode progress channel like an api process does, recording every
// notification, so tests can count state changes (e.g. exactly one `ready`).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import type { Db } from '@castwright/core/db/connect';
import { PROGRESS_CHANNEL, parseProgressEvent, type ProgressEvent } from '@castwright/core/progress';
import { until } from './until.ts';

interface TestContext {
  teardown(fn: () => Promise<void> | void): void;
}

export interface ProgressListener {
  events: ProgressEvent[];
  count(episodeId: string, status: string): number;
  /** Waits (notifications arrive after their commit) until at least one such event came; returns the count. */
  arrived(episodeId: string, status: string, timeoutMs?: number): Promise<number>;
  /**
   * Resolves once every notification committed before the call has arrived: PostgreSQL
   * delivers notifications in commit order, so a marker sent now comes after all of them.
   * With the work done (its jobs gone), the counts are then final: no duplicate is in transit.
   */
  caughtUp(): Promise<void>;
}

const BARRIER_CHANNEL = 'castwright_test_barrier';

export async function listenToProgress(t: TestContext, databaseUrl: string): Promise<ProgressListener> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const events: ProgressEvent[] = [];
  const markers = new Set<string>();
  client.on('notification', (message) => {
    if (message.channel === BARRIER_CHANNEL) markers.add(message.payload ?? '');
    else if (message.payload) events.push(parseProgressEvent(message.payload));
  });
  await client.query(`LISTEN ${PROGRESS_CHANNEL}`);
  await client.query(`LISTEN ${BARRIER_CHANNEL}`);
  t.teardown(() => client.end());
  const count = (episodeId: string, status: string) => events.filter((event) => event.id === episodeId && event.status === status).length;
  return {
    events,
    count,
    async arrived(episodeId, status, timeoutMs = 30_000) {
      return until(`${status} of ${episodeId} on the progress channel`, () => count(episodeId, status) || undefined, timeoutMs, 20);
    },
    async caughtUp() {
      const marker = randomUUID();
      await client.query('SELECT pg_notify($1, $2)', [BARRIER_CHANNEL, marker]);
      await until('the progress channel to catch up', () => markers.has(marker), 30_000, 10);
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
