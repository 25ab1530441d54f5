// Confirming an e-mail address with the token from the verification e-mail, and
// sending that e-mail again.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { addJob } from '@castwright/core/jobs';
import { claimAccountToken } from '@castwright/core/repositories/account-tokens';
import { updateEmailVerified } from '@castwright/core/repositories/users';
import { hashSecret } from '@castwright/core/secret-hash';

export async function verifyEmail(db: Db, token: string): Promise<void> {
  const verified = await db.transaction().execute(async (trx) => {
    const userId = await claimAccountToken(trx, 'email_verification', hashSecret(token));
    if (userId) await updateEmailVerified(trx, userId);
    return Boolean(userId);
  });
  if (!verified) throw new AppError('invalidResetToken', 'The verification link is invalid, used or expired');
}

/** Queues a new verification e-mail; false when the address is already confirmed. */
export async function resendVerification(db: Db, user: UserRow, queueing: { fair: boolean }): Promise<boolean> {
  if (user.email_verified) return false;
  await addJob(db, 'email:verification', { userId: user.id }, { account: user.id, fair: queueing.fair });
  return true;
}
