// Opaque refresh tokens, stored only as SHA-256 hashes, grouped in families: every
// rotation issues a new token in the same family, and presenting a token that was
// already used (a sign it was stolen) revokes the whole family.
import { sql } from 'kysely';
import type { Executor } from '../db/connect.ts';

export interface RefreshTokenOwner {
  userId: string;
  familyId: string;
}

export async function insertRefreshToken(
  db: Executor,
  token: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({ user_id: token.userId, family_id: token.familyId, token_hash: token.tokenHash, expires_at: token.expiresAt })
    .execute();
}

export type ConsumeOutcome =
  | { kind: 'consumed'; owner: RefreshTokenOwner }
  | { kind: 'reused'; owner: RefreshTokenOwner }
  | { kind: 'invalid' };

/**
 * Marks a live token used, atomically: of two concurrent refreshes with one token,
 * exactly one wins; the loser is treated as reuse.
 */
export async function claimRefreshToken(db: Executor, tokenHash: string): Promise<ConsumeOutcome> {
  const consumed = await db
    .updateTable('refresh_tokens')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'family_id'])
    .executeTakeFirst();
  if (consumed) return { kind: 'consumed', owner: { userId: consumed.user_id, familyId: consumed.family_id } };

  const existing = await db
    .selectFrom('refresh_tokens')
    .select(['user_id', 'family_id', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (existing?.used_at) return { kind: 'reused', owner: { userId: existing.user_id, familyId: existing.family_id } };
  return { kind: 'invalid' };
}

export async function updateRefreshFamilyRevoked(db: Executor, familyId: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql`now()` })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes the family of one token, if the token belongs to the given user (logout). */
export async function updateRefreshFamilyRevokedByToken(db: Executor, userId: string, tokenHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return false;
  await updateRefreshFamilyRevoked(db, row.family_id);
  return true;
}

/** Ends every login of a user except, optionally, the one making the change. */
export async function updateUserRefreshTokensRevoked(db: Executor, userId: string, exceptFamilyId?: string): Promise<void> {
  let query = db
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptFamilyId) query = query.where('family_id', '!=', exceptFamilyId);
  await query.execute();
}
