// Reading usage back: per-month records, totals and episode counts for one user.
import { sql } from 'kysely';
import type { Executor } from '../db/connect.ts';
import type { UsageMonthlyRow } from '../db/schema.ts';
import { monthOf } from '../usage-month.ts';

/** The last `months` months, newest first, with zero records for months without activity. */
export async function selectMonthlyUsage(db: Executor, userId: string, months: number, now = new Date()): Promise<UsageMonthlyRow[]> {
  const wanted = Array.from({ length: months }, (_, back) => monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))));
  const rows = await db
    .selectFrom('usage_monthly')
    .selectAll()
    .where('user_id', '=', userId)
    .where('month', 'in', wanted)
    .execute();
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return wanted.map(
    (month) =>
      byMonth.get(month) ?? { user_id: userId, month, episodes_created: 0, total_audio_duration: 0, total_characters: 0, cost_total: '0' },
  );
}

export async function selectUsageTotals(db: Executor, userId: string): Promise<{ costTotal: number }> {
  const row = await db
    .selectFrom('usage_monthly')
    .select(sql<string>`coalesce(sum(cost_total), 0)`.as('cost'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { costTotal: Number(row.cost) };
}

export async function countEpisodes(db: Executor, userId: string): Promise<{ total: number; completed: number }> {
  const row = await db
    .selectFrom('episodes')
    .select([sql<number>`count(*)::int`.as('total'), sql<number>`count(*) FILTER (WHERE audio_key IS NOT NULL)::int`.as('completed')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { total: row.total, completed: row.completed };
}

/** Every month with a usage record, newest first (for the data export). */
export async function selectUsageRecords(db: Executor, userId: string): Promise<UsageMonthlyRow[]> {
  return db.selectFrom('usage_monthly').selectAll().where('user_id', '=', userId).orderBy('month', 'desc').execute();
}
