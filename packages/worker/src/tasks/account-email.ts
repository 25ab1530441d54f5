// email:password-reset and email:verification — create a single-use token (only its
// hash is stored) and mail the link. An unknown address or an already verified
// account ends the job quietly: the API answered the same either way.
import type { Task } from 'graphile-worker';
import { publicBaseUrl } from '@castwright/core/config';
import type { UserRow } from '@castwright/core/db/schema';
import type { Mailer, OutgoingMail } from '@castwright/core/mail/mailer';
import { parseJobPayload } from '@castwright/core/jobs';
import { insertAccountToken, voidAccountTokens, type AccountTokenPurpose } from '@castwright/core/repositories/account-tokens';
import { findUserByEmail, findUserById } from '@castwright/core/repositories/users';
import { hashSecret, randomSecret } from '@castwright/core/secret-hash';
import { passwordResetEmail, verificationEmail } from '../email/account-emails.ts';
import type { WorkerContext } from '../worker-context.ts';

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

/** Voids older tokens of the purpose, stores the new one's hash, and mails the link. */
async function mailNewToken(
  context: WorkerContext,
  mailer: Mailer,
  user: UserRow,
  purpose: AccountTokenPurpose,
  ttlMs: number,
  compose: (to: string, baseUrl: string, token: string) => OutgoingMail,
): Promise<void> {
  const token = randomSecret();
  await context.db.transaction().execute(async (trx) => {
    await voidAccountTokens(trx, user.id, purpose);
    await insertAccountToken(trx, { userId: user.id, purpose, tokenHash: hashSecret(token), expiresAt: new Date(Date.now() + ttlMs) });
  });
  const sent = await mailer.send(compose(user.email, publicBaseUrl(context.config), token));
  context.logger.info({ userId: user.id, purpose, messageId: sent.messageId, transport: mailer.transport }, 'account e-mail sent');
}

export function passwordResetEmailTask(context: WorkerContext, mailer: Mailer): Task {
  return async (payload) => {
    const { email } = parseJobPayload('email:password-reset', payload);
    const user = await findUserByEmail(context.db, email);
    if (user) await mailNewToken(context, mailer, user, 'password_reset', PASSWORD_RESET_TTL_MS, passwordResetEmail);
  };
}

export function verificationEmailTask(context: WorkerContext, mailer: Mailer): Task {
  return async (payload) => {
    const { userId } = parseJobPayload('email:verification', payload);
    const user = await findUserById(context.db, userId);
    if (user && !user.email_verified) await mailNewToken(context, mailer, user, 'email_verification', EMAIL_VERIFICATION_TTL_MS, verificationEmail);
  };
}
