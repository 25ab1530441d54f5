// Briefing configurations. Every look-up by id is scoped by owner, so another user's
// briefing reads as missing. The scheduler claims due rows with SKIP LOCKED.
import { sql } from 'kysely';
import type { Executor, Trx } from '../db/connect.ts';
import type { BriefingConfigRow, BriefingConfigUpdate, NewBriefingConfig } from '../db/schema.ts';

export interface BriefingSummaryRow extends BriefingConfigRow {
  last_run_at: Date | null;
  source_count: number;
  completed_runs: number;
  failed_runs: number;
}

export async function insertBriefing(trx: Trx, briefing: NewBriefingConfig): Promise<BriefingConfigRow> {
  return trx.insertInto('briefing_configs').values(briefing).returningAll().executeTakeFirstOrThrow();
}

/** Serialises creating briefings per account (count, then insert); foreign-key checks on the user row are not blocked. */
export async function lockAccountBriefings(trx: Trx, userId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

export async function countBriefings(db: Executor, userId: string): Promise<number> {
  const row = await db.selectFrom('briefing_configs').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return row.n;
}

export async function selectOwnBriefing(db: Executor, userId: string, id: string): Promise<BriefingConfigRow | undefined> {
  return db.selectFrom('briefing_configs').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** The owner's briefing, locked until the transaction ends (edits, sources and manual runs of one briefing queue up). */
export async function lockOwnBriefing(trx: Trx, userId: string, id: string): Promise<BriefingConfigRow | undefined> {
  return trx.selectFrom('briefing_configs').selectAll().where('id', '=', id).where('user_id', '=', userId).forNoKeyUpdate().executeTakeFirst();
}

export async function selectBriefing(db: Executor, id: string): Promise<BriefingConfigRow | undefined> {
  return db.selectFrom('briefing_configs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateBriefing(trx: Trx, id: string, changes: BriefingConfigUpdate): Promise<BriefingConfigRow> {
  return trx.updateTable('briefing_configs').set({ ...changes, updated_at: sql`now()` }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteOwnBriefing(db: Executor, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('briefing_configs').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

function summaries(db: Executor) {
  return db
    .selectFrom('briefing_configs')
    .selectAll('briefing_configs')
    .select([
      sql<Date | null>`(SELECT max(coalesce(runs.started_at, runs.created_at)) FROM briefing_runs AS runs WHERE runs.briefing_id = briefing_configs.id)`.as('last_run_at'),
      sql<number>`(SELECT count(*)::int FROM briefing_sources AS sources WHERE sources.briefing_id = briefing_configs.id)`.as('source_count'),
      sql<number>`(SELECT count(*)::int FROM briefing_runs AS runs WHERE runs.briefing_id = briefing_configs.id AND runs.status = 'completed')`.as('completed_runs'),
      sql<number>`(SELECT count(*)::int FROM briefing_runs AS runs WHERE runs.briefing_id = briefing_configs.id AND runs.status = 'failed')`.as('failed_runs'),
    ]);
}

export async function selectBriefingSummary(db: Executor, userId: string, id: string): Promise<BriefingSummaryRow | undefined> {
  return summaries(db).where('briefing_configs.id', '=', id).where('briefing_configs.user_id', '=', userId).executeTakeFirst();
}

export async function selectBriefingSummaryPage(
  db: Executor,
  query: { userId: string; active?: boolean | undefined; limit: number; offset: number },
): Promise<{ rows: BriefingSummaryRow[]; total: number }> {
  let list = summaries(db).where('briefing_configs.user_id', '=', query.userId);
  let counted = db.selectFrom('briefing_configs').select(sql<number>`count(*)::int`.as('total')).where('user_id', '=', query.userId);
  if (query.active !== undefined) {
    list = list.where('briefing_configs.is_active', '=', query.active);
    counted = counted.where('is_active', '=', query.active);
  }
  const [rows, count] = await Promise.all([
    list.orderBy('briefing_configs.created_at', 'desc').orderBy('briefing_configs.id', 'desc').limit(query.limit).offset(query.offset).execute(),
    counted.executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

/**
 * Active briefings whose next run is due, locked for the claiming transaction. SKIP
 * LOCKED: a second scheduler passes over rows the first holds, and once the first
 * commits their next_run_at lies in the future, so no slot is claimed twice.
 */
export async function claimDueBriefings(trx: Trx, now: Date, limit: number): Promise<BriefingConfigRow[]> {
  return trx
    .selectFrom('briefing_configs')
    .selectAll()
    .where('is_active', '=', true)
    .where('next_run_at', '<=', now)
    .orderBy('next_run_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function updateBriefingNextRunAt(trx: Trx, id: string, nextRunAt: Date | null): Promise<void> {
  await trx.updateTable('briefing_configs').set({ next_run_at: nextRunAt }).where('id', '=', id).execute();
}
