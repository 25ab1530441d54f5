// Items the sources of a briefing delivered, one row per fingerprint per briefing.
// A run reads the unused fresh ones of its active sources and marks those it used in
// the transaction that creates its episode.
import { sql } from 'kysely';
import type { Executor, Trx } from '../db/connect.ts';
import type { BriefingItemRow, NewBriefingItem } from '../db/schema.ts';

/** Stores new items; one already known (same fingerprint in this briefing) is left as it is. Returns how many were new. */
export async function insertItems(db: Executor, items: readonly NewBriefingItem[]): Promise<number> {
  if (items.length === 0) return 0;
  const inserted = await db
    .insertInto('briefing_items')
    .values([...items])
    .onConflict((conflict) => conflict.constraint('briefing_items_fingerprint_key').doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

export type CandidateItem = BriefingItemRow & { source_name: string; source_type: string };

/**
 * Items a run may use: from the briefing's active sources, dated (published, else first
 * seen) at or after `since`, not used by an earlier run (a retried run sees its own
 * marks, though it only marks on success). Newest first, at most `limit`.
 */
export async function selectCandidateItems(db: Executor, query: { briefingId: string; runId: string; since: Date; limit: number }): Promise<CandidateItem[]> {
  return db
    .selectFrom('briefing_items as items')
    .innerJoin('briefing_sources as sources', 'sources.id', 'items.source_id')
    .selectAll('items')
    .select(['sources.source_name', 'sources.source_type'])
    .where('items.briefing_id', '=', query.briefingId)
    .where('sources.is_active', '=', true)
    .where((eb) => eb.or([eb('items.used_run_id', 'is', null), eb('items.used_run_id', '=', query.runId)]))
    .where(sql<boolean>`coalesce(items.published_at, items.first_seen_at) >= ${query.since}`)
    .orderBy(sql`coalesce(items.published_at, items.first_seen_at)`, 'desc')
    .orderBy('items.id', 'desc')
    .limit(query.limit)
    .execute();
}

export async function updateItemsUsed(trx: Trx, ids: readonly number[], runId: string): Promise<void> {
  if (ids.length === 0) return;
  await trx.updateTable('briefing_items').set({ used_run_id: runId }).where('id', 'in', [...ids]).execute();
}

/**
 * Forgets items first seen before `before`. Their fingerprints go too, so the window
 * must be far longer than any freshness window (an undated item seen again would
 * otherwise count as new).
 */
export async function deleteItemsSeenBefore(db: Executor, before: Date): Promise<number> {
  const result = await db.deleteFrom('briefing_items').where('first_seen_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
