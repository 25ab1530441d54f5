// An account's stored documents (POST /api/documents). Every look-up is scoped by owner,
// so another account's document reads as missing.
import { sql } from 'kysely';
import type { Executor, Trx } from '../db/connect.ts';
import type { DocumentRow, NewDocument } from '../db/schema.ts';

/** Serialises an account's document uploads, so a count-then-insert cannot pass the bound (NO KEY UPDATE: foreign-key checks on the user row go on). */
export async function lockAccountDocuments(trx: Trx, userId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

export async function countDocuments(db: Executor, userId: string): Promise<number> {
  const row = await db.selectFrom('documents').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return row.n;
}

export async function insertDocument(trx: Trx, document: NewDocument): Promise<DocumentRow> {
  return trx.insertInto('documents').values(document).returningAll().executeTakeFirstOrThrow();
}

export async function selectOwnDocument(db: Executor, userId: string, id: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** The account's documents among `ids`: another account's and deleted ones are simply absent. */
export async function selectOwnDocuments(db: Executor, userId: string, ids: readonly string[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('documents').selectAll().where('user_id', '=', userId).where('id', 'in', [...ids]).execute();
}

/** Newest first. */
export async function selectDocumentPage(db: Executor, userId: string, page: { limit: number; offset: number }): Promise<{ rows: DocumentRow[]; total: number }> {
  const base = db.selectFrom('documents').where('user_id', '=', userId);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

/** Every document of the account, for its export and deletion. */
export async function selectAllDocuments(db: Executor, userId: string): Promise<DocumentRow[]> {
  return db.selectFrom('documents').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** The deleted row (its file goes after the commit), or undefined when it is not the account's. */
export async function deleteOwnDocument(db: Executor, userId: string, id: string): Promise<DocumentRow | undefined> {
  return db.deleteFrom('documents').where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
}
