// An account's pronunciation lexicon. Every look-up is scoped by owner, so another
// user's entry reads as missing.
import { sql } from 'kysely';
import type { Executor, Trx } from '../db/connect.ts';
import type { PronunciationRow } from '../db/schema.ts';

export interface PronunciationFields {
  term: string;
  term_key: string;
  say_as: string | null;
  ipa: string | null;
  case_sensitive: boolean;
}

/**
 * Serialises changes to one account's lexicon, so a count-then-insert cannot pass the
 * bound and a duplicate check cannot race another write. NO KEY UPDATE: foreign-key checks
 * on the user row (KEY SHARE) are not blocked.
 */
export async function lockAccountPronunciations(trx: Trx, userId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

export async function countPronunciations(db: Executor, userId: string): Promise<number> {
  const row = await db.selectFrom('pronunciations').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return row.n;
}

/** The whole lexicon, by term in any case (the bound keeps it small): what the API lists and a render says. */
export async function selectPronunciations(db: Executor, userId: string): Promise<PronunciationRow[]> {
  return db.selectFrom('pronunciations').selectAll().where('user_id', '=', userId).orderBy(sql`lower(term)`).orderBy('term').orderBy('id').execute();
}

export async function selectOwnPronunciation(db: Executor, userId: string, id: string): Promise<PronunciationRow | undefined> {
  return db.selectFrom('pronunciations').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** An entry by id, whoever owns it: for the media worker, which acts on jobs the api checked. */
export async function selectPronunciationById(db: Executor, id: string): Promise<PronunciationRow | undefined> {
  return db.selectFrom('pronunciations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The account's entry for the same term (same case rule and key), if any. */
export async function selectPronunciationByTerm(db: Executor, userId: string, caseSensitive: boolean, termKey: string): Promise<PronunciationRow | undefined> {
  return db
    .selectFrom('pronunciations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('case_sensitive', '=', caseSensitive)
    .where('term_key', '=', termKey)
    .executeTakeFirst();
}

export async function insertPronunciation(trx: Trx, entry: PronunciationFields & { id: string; user_id: string }): Promise<PronunciationRow> {
  return trx.insertInto('pronunciations').values(entry).returningAll().executeTakeFirstOrThrow();
}

export async function updatePronunciation(db: Executor, userId: string, id: string, fields: PronunciationFields): Promise<PronunciationRow | undefined> {
  return db
    .updateTable('pronunciations')
    .set({ ...fields, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function deletePronunciation(db: Executor, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('pronunciations').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
