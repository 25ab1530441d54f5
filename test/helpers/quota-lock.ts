// Holding an account's usage row locked from the test, so that a request creating an
// episode blocks inside its effect transaction (countEpisodeAgainstQuota waits for the
// row): what a slow database or a request caught mid-way looks like, on demand.
import { sql } from 'kysely';
import type { Db } from '@castwright/core/db/connect';
import { monthOf } from '@castwright/core/usage-month';
import { until } from './until.ts';

/** Locks this month's usage row of the user; resolves with the function that lets go. */
export async function holdQuotaRow(db: Db, userId: string): Promise<() => Promise<void>> {
  await sql`INSERT INTO usage_monthly (user_id, month) VALUES (${userId}, ${monthOf(new Date())}) ON CONFLICT DO NOTHING`.execute(db);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = db.transaction().execute(async (trx) => {
    await sql`SELECT 1 FROM usage_monthly WHERE user_id = ${userId} FOR UPDATE`.execute(trx);
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await holder;
  };
}

/** Resolves once `count` sessions of this database wait on a lock over the usage rows. */
export async function waitForQuotaWaiters(db: Db, count = 1, timeoutMs = 10_000): Promise<void> {
  await until(`${count} requests waiting on the usage row`, async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%usage_monthly%'`.execute(db);
    return (rows[0]?.n ?? 0) >= count;
  }, timeoutMs, 25);
}
