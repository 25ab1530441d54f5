// Users: rows in, rows out. Callers own transactions.
import type { Executor, Trx } from '../db/connect.ts';
import type { NewUser, UserRow } from '../db/schema.ts';
import { normaliseEmail } from '../email-address.ts';
import type { Tier } from '../tiers.ts';

/** Inserts a user; returns null when the e-mail is taken (no exception on the hot path). */
export async function insertUser(db: Executor, user: NewUser): Promise<UserRow | null> {
  const row = await db
    .insertInto('users')
    .values({ ...user, email: normaliseEmail(user.email) })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export async function selectUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

export async function selectUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateUserTier(db: Executor, email: string, tier: Tier): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ tier, updated_at: new Date() })
    .where('email', '=', normaliseEmail(email))
    .returningAll()
    .executeTakeFirst();
}

/**
 * Locks the user's row until the transaction ends, so billing changes for one account
 * apply one at a time. NO KEY UPDATE: rows that reference the user (episodes) can still
 * be inserted meanwhile.
 */
export async function lockUser(trx: Trx, id: string): Promise<UserRow | undefined> {
  return trx.selectFrom('users').selectAll().where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
}

/** The tier and the subscription summary (`subscription.status` / `periodEnd` in the user view). */
export async function updateUserEntitlement(
  trx: Trx,
  id: string,
  entitlement: { tier: Tier; status: string | null; periodEnd: Date | null },
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ tier: entitlement.tier, subscription_status: entitlement.status, subscription_period_end: entitlement.periodEnd, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function updateProfile(
  db: Executor,
  id: string,
  changes: { name?: string | null; bio?: string | null; avatar_url?: string | null },
): Promise<UserRow | undefined> {
  return db.updateTable('users').set({ ...changes, updated_at: new Date() }).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function updatePasswordHash(db: Executor, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', id).execute();
}

export async function updateEmailVerified(db: Executor, id: string): Promise<void> {
  await db.updateTable('users').set({ email_verified: true, updated_at: new Date() }).where('id', '=', id).execute();
}

/** Deletes the user; every table holding account data cascades from users. */
export async function deleteUser(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
