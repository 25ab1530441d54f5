// The authenticated hot path's one round trip: the callers' user rows and, in the same
// statement, their hits on the request counters (see rate-limit-counters.ts). One
// statement serves every request that arrived in the same turn of the event loop
// (api/rate-limit/request-meter.ts), so under load a round trip is shared by several.
import { sql } from 'kysely';
import type { Executor } from '../db/connect.ts';
import { nameStatement } from '../db/named-statements.ts';
import type { UserRow } from '../db/schema.ts';
import type { WindowCounts } from './rate-limit-counters.ts';

export interface CounterWindow {
  key: string;
  windowStart: Date;
  windowMs: number;
}

/** `hits` requests of one user, on the counter `key` of the shared window. */
export interface UserHits {
  userId: string;
  key: string;
  hits: number;
}

/**
 * Adds each entry's hits to its counter and returns the users that exist, by id, with their
 * counts after this statement (a deleted account's hits are harmless and expire).
 * Counters are locked in key order, so concurrent statements from other replicas cannot
 * deadlock on each other.
 */
export async function upsertUserHits(
  db: Executor,
  window: { windowStart: Date; windowMs: number },
  entries: readonly UserHits[],
): Promise<Map<string, { user: UserRow; counts: WindowCounts }>> {
  const sorted = [...entries].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const previousStart = new Date(window.windowStart.getTime() - window.windowMs);
  const expiresAt = new Date(window.windowStart.getTime() + 2 * window.windowMs);
  const statement = sql<UserRow & { current: number; previous: number }>`
    WITH input AS (
      SELECT * FROM unnest(${sorted.map((entry) => entry.key)}::text[], ${sorted.map((entry) => entry.userId)}::uuid[], ${sorted.map((entry) => entry.hits)}::int[])
        AS input (key, user_id, hits)
    ), hit AS (
      INSERT INTO rate_limit_counters (key, window_start, hits, expires_at)
      SELECT key, ${window.windowStart}, hits, ${expiresAt} FROM input ORDER BY key
      ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_counters.hits + excluded.hits
      RETURNING key, hits
    )
    SELECT users.*, hit.hits AS current, coalesce(previous.hits, 0) AS previous
    FROM hit
    JOIN input ON input.key = hit.key
    JOIN users ON users.id = input.user_id
    LEFT JOIN rate_limit_counters previous ON previous.key = hit.key AND previous.window_start = ${previousStart}`;
  nameStatement('metered-users', () => statement.compile(db).sql);
  const result = await statement.execute(db);
  const found = new Map<string, { user: UserRow; counts: WindowCounts }>();
  for (const { current, previous, ...user } of result.rows) {
    found.set(user.id, { user, counts: { current: Number(current), previous: Number(previous) } });
  }
  return found;
}
