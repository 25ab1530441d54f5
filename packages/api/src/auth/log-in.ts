// Logging in with e-mail and password, and logging out one login.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { updateRefreshFamilyRevokedByToken } from '@castwright/core/repositories/refresh-tokens';
import { selectUserByEmail } from '@castwright/core/repositories/users';
import { hashSecret } from '@castwright/core/secret-hash';
import type { AccessTokens } from './access-tokens.ts';
import { verifyPassword } from './passwords.ts';
import { issueTokenPair, type TokenSet } from './token-pairs.ts';

/** A new token pair for the right password; the same `Invalid credentials` for a wrong one or an unknown e-mail. */
export async function logIn(db: Db, accessTokens: AccessTokens, credentials: { email: string; password: string }): Promise<{ user: UserRow; tokens: TokenSet }> {
  const user = await selectUserByEmail(db, credentials.email);
  // Verified even for an unknown e-mail (against a decoy hash), so timing does not reveal accounts.
  const valid = await verifyPassword(user?.password_hash, credentials.password);
  if (!user || !valid) throw new AppError('invalidCredentials');
  return { user, tokens: await issueTokenPair(db, accessTokens, user.id) };
}

/** Revokes the refresh token and every token of its login, if it is the caller's. */
export async function logOut(db: Db, userId: string, refreshToken: string): Promise<void> {
  await updateRefreshFamilyRevokedByToken(db, userId, hashSecret(refreshToken));
}
