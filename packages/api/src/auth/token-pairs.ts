// Issuing and rotating the access + refresh token pair that register, login and
// refresh return.
import type { Db, Executor } from '@castwright/core/db/connect';
import { newId } from '@castwright/core/ids';
import {
  claimRefreshToken,
  insertRefreshToken,
  updateRefreshFamilyRevoked,
} from '@castwright/core/repositories/refresh-tokens';
import { AppError } from '@castwright/core/errors';
import { ACCESS_TOKEN_SECONDS, type AccessTokens } from './access-tokens.ts';
import { hashSecret, randomSecret } from '@castwright/core/secret-hash';

const REFRESH_TOKEN_SECONDS = 7 * 24 * 60 * 60;

export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

export async function issueTokenPair(
  db: Executor,
  accessTokens: AccessTokens,
  userId: string,
  familyId = newId('refreshFamily'),
): Promise<TokenSet> {
  const refreshToken = randomSecret();
  await insertRefreshToken(db, {
    userId,
    familyId,
    tokenHash: hashSecret(refreshToken),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000),
  });
  return { accessToken: await accessTokens.issue(userId, familyId), refreshToken, expiresIn: ACCESS_TOKEN_SECONDS };
}

/**
 * Exchanges a refresh token for a new pair in the same family. A token presented a
 * second time means it leaked: the whole family is revoked and the caller must log in.
 */
export async function rotateRefreshToken(db: Db, accessTokens: AccessTokens, refreshToken: string): Promise<TokenSet> {
  // Consuming and issuing share one transaction: the consumed row stays locked until the
  // successor is committed, so a concurrent reuse waits, then revokes the successor too.
  const result = await db.transaction().execute(async (trx) => {
    const outcome = await claimRefreshToken(trx, hashSecret(refreshToken));
    if (outcome.kind !== 'consumed') return outcome;
    return issueTokenPair(trx, accessTokens, outcome.owner.userId, outcome.owner.familyId);
  });
  if ('accessToken' in result) return result;
  if (result.kind === 'reused') await updateRefreshFamilyRevoked(db, result.owner.familyId);
  throw new AppError('invalidRefreshToken');
}
