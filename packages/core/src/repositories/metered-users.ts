// The authenticated hot path's one round trip: the caller's user row and, in the same
// statement, one more hit on their request counter (see rate-limit-counters.ts).
import { sql } from 'kysely';
import type { Executor } from '../db/connect.ts';
import type { UserRow } from '../db/schema.ts';
import type { WindowCounts } from './rate-limit-counters.ts';

export interface CounterWindow {
  key: string;
  windowStart: Date;
  windowMs: number;
}

/** The user with their request counted; undefined when the account no longer exists (its hit is harmless and expires). */
export async function findUserCountingRequest(db: Executor, userId: string, counter: CounterWindow): Promise<{ user: UserRow; counts: WindowCounts } | undefined> {
  const previousStart = new Date(counter.windowStart.getTime() - counter.windowMs);
  const expiresAt = new Date(counter.windowStart.getTime() + 2 * counter.windowMs);
  const result = await sql<UserRow & { current: number; previous: number }>`
    WITH hit AS (
      INSERT INTO rate_limit_counters (key, window_start, hits, expires_at)
      VALUES (${counter.key}, ${counter.windowStart}, 1, ${expiresAt})
      ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_counters.hits + 1
      RETURNING hits
    )
    SELECT users.*, hit.hits AS current,
           coalesce((SELECT hits FROM rate_limit_counters WHERE key = ${counter.key} AND window_start = ${previousStart}), 0) AS previous
    FROM hit JOIN users ON users.id = ${userId}`.execute(db);
  const row = result.rows[0];
  if (!row) return undefined;
  const { current, previous, ...user } = row;
  return { user, counts: { current: Number(current), previous: Number(previous) } };
}
