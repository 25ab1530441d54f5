// API keys, stored only as SHA-256 hashes.
import { sql } from 'kysely';
import type { Executor } from '../db/connect.ts';

/** The owner of a live key, or undefined; touches last_used_at at most once a minute. */
export async function findUserIdByApiKeyHash(db: Executor, keyHash: string): Promise<string | undefined> {
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
