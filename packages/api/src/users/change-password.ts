// Changing the password: the current one must be right, the new one strong. Every
// other login of the account ends; the one making the change stays signed in.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { updateUserRefreshTokensRevoked } from '@castwright/core/repositories/refresh-tokens';
import { updatePasswordHash } from '@castwright/core/repositories/users';
import { assertStrongPassword, hashPassword, verifyPassword } from '../auth/passwords.ts';

export async function changePassword(
  db: Db,
  user: UserRow,
  change: { currentPassword: string; newPassword: string; keepSessionId: string | undefined },
): Promise<void> {
  if (!(await verifyPassword(user.password_hash, change.currentPassword))) {
    throw new AppError('invalidCredentials', 'The current password is incorrect');
  }
  assertStrongPassword(change.newPassword);
  const passwordHash = await hashPassword(change.newPassword);
  await db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, user.id, passwordHash);
    await updateUserRefreshTokensRevoked(trx, user.id, change.keepSessionId);
  });
}
