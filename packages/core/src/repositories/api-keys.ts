// API keys, stored only as SHA-256 hashes.
import { sql } from 'kysely';
import type { Executor } from '../db/connect.ts';

/** The owner of a live key, or undefined; touches last_used_at at most once a minute. */
export async function selectUserIdByApiKeyHash(db: Executor, keyHash: string): Promise<string | undefined> {
  const row = await db
    .updateTable('api_keys')
    .set({ last_used_at: sql`now()` })
    .where('key_hash', '=', keyHash)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]))
    .returning('user_id')
    .executeTakeFirst();
  if (row) return row.user_id;
  const live = await db
    .selectFrom('api_keys')
    .select('user_id')
    .where('key_hash', '=', keyHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return live?.user_id;
}

/** Revokes the user's current key (if any) and stores the new one, in the caller's transaction. */
export async function insertApiKey(trx: Executor, key: { id: string; userId: string; keyHash: string; lastFour: string }): Promise<void> {
  await updateApiKeyRevoked(trx, key.userId);
  await trx.insertInto('api_keys').values({ id: key.id, user_id: key.userId, key_hash: key.keyHash, last_four: key.lastFour }).execute();
}

/** Revokes the current key; true if there was one. */
export async function updateApiKeyRevoked(db: Executor, userId: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
