// Password reset by e-mail: asking for a link, and setting a new password with it.
import type { Db } from '@castwright/core/db/connect';
import { AppError } from '@castwright/core/errors';
import { addJob, SYSTEM_ACCOUNT } from '@castwright/core/jobs';
import { claimAccountToken } from '@castwright/core/repositories/account-tokens';
import { updateUserRefreshTokensRevoked } from '@castwright/core/repositories/refresh-tokens';
import { updatePasswordHash } from '@castwright/core/repositories/users';
import { normaliseEmail } from '@castwright/core/email-address';
import { hashSecret } from '@castwright/core/secret-hash';
import { assertStrongPassword, hashPassword } from './passwords.ts';

/**
 * The same single job insert for every address: neither the answer nor its timing
 * depends on whether the account exists. The worker looks the address up.
 */
export async function requestPasswordReset(db: Db, email: string, queueing: { fair: boolean }): Promise<void> {
  // The system's work, not an account's: whether one exists must not show, even in the queue.
  await addJob(db, 'email:password-reset', { email: normaliseEmail(email) }, { account: SYSTEM_ACCOUNT, fair: queueing.fair });
}

/** Sets the new password and ends every session of the account; the token works once. */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  // Checked first, so a weak password does not use up the token.
  assertStrongPassword(password);
  const passwordHash = await hashPassword(password);
  const changed = await db.transaction().execute(async (trx) => {
    const userId = await claimAccountToken(trx, 'password_reset', hashSecret(token));
    if (!userId) return false;
    await updatePasswordHash(trx, userId, passwordHash);
    await updateUserRefreshTokensRevoked(trx, userId);
    return true;
  });
  if (!changed) throw new AppError('invalidResetToken');
}
