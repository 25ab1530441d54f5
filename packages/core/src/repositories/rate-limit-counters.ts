// Rate-limit counters in PostgreSQL, so every api replica shares one count. A hit is an
// atomic upsert on (key, window); the previous window's count comes back in the same
// statement for the sliding-window estimate.
import { sql } from 'kysely';
import type { Executor } from '../db/connect.ts';

export interface WindowCounts {
  current: number;
  previous: number;
}

export async function upsertCounterHit(db: Executor, key: string, windowStart: Date, windowMs: number): Promise<WindowCounts> {
  const previousStart = new Date(windowStart.getTime() - windowMs);
  // Kept two windows, then removed by the cleanup job.
  const expiresAt = new Date(windowStart.getTime() + 2 * windowMs);
  const result = await sql<{ current: number; previous: number }>`
    WITH hit AS (
      INSERT INTO rate_limit_counters (key, window_start, hits, expires_at)
      VALUES (${key}, ${windowStart}, 1, ${expiresAt})
      ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_counters.hits + 1
      RETURNING hits
    )
    SELECT hit.hits AS current,
           coalesce((SELECT hits FROM rate_limit_counters WHERE key = ${key} AND window_start = ${previousStart}), 0) AS previous
    FROM hit`.execute(db);
  const row = result.rows[0];
  return { current: Number(row?.current ?? 1), previous: Number(row?.previous ?? 0) };
}

/** Takes back a hit that was refused, so waiting clients recover as the window slides. */
export async function updateCounterDecrement(db: Executor, key: string, windowStart: Date): Promise<void> {
  await db
    .updateTable('rate_limit_counters')
    .set({ hits: sql`greatest(hits - 1, 0)` })
    .where('key', '=', key)
    .where('window_start', '=', windowStart)
    .execute();
}

export async function deleteExpiredCounters(db: Executor, now = new Date()): Promise<number> {
  const result = await db.deleteFrom('rate_limit_counters').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
