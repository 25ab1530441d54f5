// Users: rows in, rows out. Callers own transactions.
import type { Executor } from '../db/connect.ts';
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

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setUserTier(db: Executor, email: string, tier: Tier): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ tier, updated_at: new Date() })
    .where('email', '=', normaliseEmail(email))
    .returningAll()
    .executeTakeFirst();
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

export async function markEmailVerified(db: Executor, id: string): Promise<void> {
  await db.updateTable('users').set({ email_verified: true, updated_at: new Date() }).where('id', '=', id).execute();
}

/** Deletes the user; every table holding account data cascades from users. */
export async function deleteUser(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
