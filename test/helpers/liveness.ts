// Waits for what the dead-worker sweep needs before it judges anyone: a sweeper only judges
// others once it has beaten on time for a whole bound itself (deleteDeadWorkers in
// core/repositories/worker-heartbeats.ts). Tests that kill a worker wait for this instead
// of sleeping past the bound, so a slow start only takes longer.
import { sql } from 'kysely';
import type { Db } from '@castwright/core/db/connect';
import { until } from './until.ts';

/** Resolves once the worker processes `pids` have each beaten on time for `deadAfterMs` (their streaks are a bound old and fresh). */
export async function untilSweepersJudge(db: Db, pids: readonly number[], deadAfterMs: number): Promise<void> {
  const bound = sql`make_interval(secs => ${deadAfterMs / 1000})`;
  await until(`workers ${pids.join(', ')} beating on time for ${deadAfterMs} ms`, async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(DISTINCT pid)::int AS n FROM worker_heartbeats
      WHERE pid = ANY(${pids as number[]}::int[]) AND streak_started_at <= now() - ${bound} AND last_seen_at > now() - ${bound}`.execute(db);
    return (rows[0]?.n ?? 0) === pids.length;
  }, 120_000, 100);
}
