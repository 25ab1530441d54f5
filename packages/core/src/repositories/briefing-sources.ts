// A briefing's sources: feeds (with the validators of their last fetch) and e-mail
// inboxes (found by the SHA-256 of their webhook id).
import { sql } from 'kysely';
import type { Executor, Trx } from '../db/connect.ts';
import type { BriefingSourceRow, NewBriefingSource } from '../db/schema.ts';

export async function insertSource(trx: Trx, source: NewBriefingSource): Promise<BriefingSourceRow> {
  return trx.insertInto('briefing_sources').values(source).returningAll().executeTakeFirstOrThrow();
}

export async function countSources(db: Executor, briefingId: string): Promise<number> {
  const row = await db.selectFrom('briefing_sources').select(sql<number>`count(*)::int`.as('n')).where('briefing_id', '=', briefingId).executeTakeFirstOrThrow();
  return row.n;
}

export async function selectSources(db: Executor, briefingId: string): Promise<BriefingSourceRow[]> {
  return db.selectFrom('briefing_sources').selectAll().where('briefing_id', '=', briefingId).orderBy('created_at').orderBy('id').execute();
}

export async function deleteSource(db: Executor, briefingId: string, sourceId: string): Promise<boolean> {
  const result = await db.deleteFrom('briefing_sources').where('id', '=', sourceId).where('briefing_id', '=', briefingId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export type InboundSource = Pick<BriefingSourceRow, 'id' | 'briefing_id' | 'source_name' | 'is_active'>;

/** The e-mail source an inbound webhook id opens: looked up by its hash, an index probe whose time does not depend on the id. */
export async function selectSourceByInboundHash(db: Executor, tokenHash: string): Promise<InboundSource | undefined> {
  return db
    .selectFrom('briefing_sources')
    .select(['id', 'briefing_id', 'source_name', 'is_active'])
    .where('inbound_token_hash', '=', tokenHash)
    .where('source_type', '=', 'email')
    .executeTakeFirst();
}

export interface FetchOutcome {
  /** Validators of a 200 (kept as they were after a 304 or a failure). */
  etag?: string | null;
  lastModified?: string | null;
  /** Null after a successful fetch (200 or 304). */
  error: string | null;
}

export async function updateSourceFetchOutcome(db: Executor, sourceId: string, outcome: FetchOutcome): Promise<void> {
  await db
    .updateTable('briefing_sources')
    .set({
      ...(outcome.etag !== undefined && { etag: outcome.etag }),
      ...(outcome.lastModified !== undefined && { last_modified: outcome.lastModified }),
      ...(outcome.error === null && { last_fetched_at: sql`now()` }),
      last_error: outcome.error,
    })
    .where('id', '=', sourceId)
    .execute();
}
