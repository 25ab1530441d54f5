// Shows: every look-up is scoped by owner, so another user's show reads as missing.
import { sql } from 'kysely';
import type { Executor, Trx } from '../db/connect.ts';
import type { NewShow, ShowRow, ShowUpdate } from '../db/schema.ts';

export async function insertShow(trx: Trx, show: NewShow): Promise<ShowRow> {
  return trx.insertInto('shows').values(show).returningAll().executeTakeFirstOrThrow();
}

/** Serialises creating shows per account, so a count-then-insert cannot pass the bound under concurrency. */
export async function lockAccountShows(trx: Trx, userId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

export async function countShows(db: Executor, userId: string): Promise<number> {
  const row = await db.selectFrom('shows').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return row.n;
}

export async function selectOwnShow(db: Executor, userId: string, id: string): Promise<ShowRow | undefined> {
  return db.selectFrom('shows').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** The owner's show, locked until the transaction ends: changes to one show queue up. */
export async function lockOwnShow(trx: Trx, userId: string, id: string): Promise<ShowRow | undefined> {
  return trx.selectFrom('shows').selectAll().where('id', '=', id).where('user_id', '=', userId).forNoKeyUpdate().executeTakeFirst();
}

export async function selectShowById(db: Executor, id: string): Promise<ShowRow | undefined> {
  return db.selectFrom('shows').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface ShowSummaryRow extends ShowRow {
  episode_count: number;
  feed_enabled: boolean;
}

function summaries(db: Executor) {
  return db
    .selectFrom('shows')
    .selectAll('shows')
    .select([
      sql<number>`(SELECT count(*)::int FROM episodes WHERE episodes.show_id = shows.id)`.as('episode_count'),
      sql<boolean>`EXISTS (SELECT 1 FROM show_feeds WHERE show_feeds.show_id = shows.id)`.as('feed_enabled'),
    ]);
}

export async function selectShowSummary(db: Executor, userId: string, id: string): Promise<ShowSummaryRow | undefined> {
  return summaries(db).where('shows.id', '=', id).where('shows.user_id', '=', userId).executeTakeFirst();
}

export async function selectShowSummaryPage(db: Executor, query: { userId: string; limit: number; offset: number }): Promise<{ rows: ShowSummaryRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    summaries(db).where('shows.user_id', '=', query.userId).orderBy('shows.created_at', 'desc').orderBy('shows.id', 'desc').limit(query.limit).offset(query.offset).execute(),
    countShows(db, query.userId),
  ]);
  return { rows, total };
}

/** Every show of a user (the data export), oldest first. */
export async function selectAllShows(db: Executor, userId: string): Promise<ShowSummaryRow[]> {
  return summaries(db).where('shows.user_id', '=', userId).orderBy('shows.created_at').orderBy('shows.id').execute();
}

/** Changes the show and moves its updated_at (its feed's Last-Modified). */
export async function updateShow(trx: Trx, id: string, changes: ShowUpdate): Promise<ShowRow> {
  return trx.updateTable('shows').set({ ...changes, updated_at: sql`now()` }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteShow(trx: Trx, id: string): Promise<void> {
  await trx.deleteFrom('shows').where('id', '=', id).execute();
}

/** The names of shows by id (an owner's, for episode views). */
export async function selectShowNames(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('shows').select(['id', 'name']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
