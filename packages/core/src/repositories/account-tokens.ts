// Single-use tokens sent by e-mail. Only SHA-256 hashes are stored; consuming is one
// atomic UPDATE, so a token works exactly once even under concurrent use.
import { sql } from 'kysely';
import type { Executor } from '../db/connect.ts';

export type AccountTokenPurpose = 'password_reset' | 'email_verification';

export async function insertAccountToken(
  db: Executor,
  token: { userId: string; purpose: AccountTokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('account_tokens')
    .values({ user_id: token.userId, purpose: token.purpose, token_hash: token.tokenHash, expires_at: token.expiresAt })
    .execute();
}

/** The owner of a live token of that purpose, now used; undefined if unknown, used or expired. */
export async function claimAccountToken(db: Executor, purpose: AccountTokenPurpose, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .updateTable('account_tokens')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** A new reset link makes older unused ones void. */
export async function updateAccountTokensVoided(db: Executor, userId: string, purpose: AccountTokenPurpose): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}
