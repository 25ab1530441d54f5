// The studio's session: the same token pairs as every client, with the refresh token
// kept in an httpOnly cookie by the route. Refreshing also answers who the user is, so a
// page load costs one request before the studio can draw the signed-in pages.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { claimRefreshToken, updateRefreshFamilyRevoked } from '@castwright/core/repositories/refresh-tokens';
import { selectUserById } from '@castwright/core/repositories/users';
import { hashSecret } from '@castwright/core/secret-hash';
import type { AccessTokens } from './access-tokens.ts';
import { rotateRefreshToken, type TokenSet } from './token-pairs.ts';

export async function refreshBrowserSession(db: Db, accessTokens: AccessTokens, refreshToken: string): Promise<{ user: UserRow; tokens: TokenSet }> {
  const tokens = await rotateRefreshToken(db, accessTokens, refreshToken);
  const claims = await accessTokens.verify(tokens.accessToken);
  const user = claims ? await selectUserById(db, claims.userId) : undefined;
  if (!user) throw new AppError('invalidRefreshToken');
  return { user, tokens };
}

/**
 * Ends the login the cookie's token belongs to (the token and its whole family), whoever
 * holds an access token: signing out must work even when the hourly request limit is spent.
 */
export async function endBrowserSession(db: Db, refreshToken: string): Promise<void> {
  const outcome = await claimRefreshToken(db, hashSecret(refreshToken));
  if (outcome.kind !== 'invalid') await updateRefreshFamilyRevoked(db, outcome.owner.familyId);
}
