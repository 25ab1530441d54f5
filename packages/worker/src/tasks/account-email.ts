// email:password-reset and email:verification — create a single-use token (only its
// hash is stored) and queue the mail with the link, once per job: a job that runs again
// finds its message already queued and changes nothing (no second mail, no new token that
// would void the one already sent). An unknown address or an already verified account
// ends the job quietly: the API answered the same either way.
import type { Task } from 'graphile-worker';
import { publicBaseUrl } from '@castwright/core/config';
import type { UserRow } from '@castwright/core/db/schema';
import type { OutgoingMail } from '@castwright/core/mail/mailer';
import { queueMail } from '@castwright/core/mail/queue-mail';
import { parseJobPayload } from '@castwright/core/jobs';
import { insertAccountToken, updateAccountTokensVoided, type AccountTokenPurpose } from '@castwright/core/repositories/account-tokens';
import { selectUserByEmail, selectUserById } from '@castwright/core/repositories/users';
import { hashSecret, randomSecret } from '@castwright/core/secret-hash';
import { passwordResetEmail, verificationEmail } from '../email/account-emails.ts';
import type { WorkerContext } from '../worker-context.ts';

const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

/** In one transaction: the outbox record (first, so a repeat stops here), older tokens voided, the new token stored. */
async function queueNewToken(
  context: WorkerContext,
  jobId: string,
  user: UserRow,
  purpose: AccountTokenPurpose,
  ttlMs: number,
  compose: (to: string, baseUrl: string, token: string) => OutgoingMail,
): Promise<void> {
  const token = randomSecret();
  const mail = compose(user.email, publicBaseUrl(context.config), token);
  const queued = await context.db.transaction().execute(async (trx) => {
    if (!(await queueMail(trx, { ...mail, dedupeKey: `${purpose}:job:${jobId}` }, { account: user.id, fair: context.config.fairScheduling }))) return false;
    await updateAccountTokensVoided(trx, user.id, purpose);
    await insertAccountToken(trx, { userId: user.id, purpose, tokenHash: hashSecret(token), expiresAt: new Date(Date.now() + ttlMs) });
    return true;
  });
  context.logger.info({ userId: user.id, purpose, queued }, queued ? 'account e-mail queued' : 'account e-mail was already queued by an earlier run');
}

export function passwordResetEmailTask(context: WorkerContext): Task {
  return async (payload, helpers) => {
    const { email } = parseJobPayload('email:password-reset', payload);
    const user = await selectUserByEmail(context.db, email);
    if (user) await queueNewToken(context, helpers.job.id, user, 'password_reset', PASSWORD_RESET_TTL_MS, passwordResetEmail);
  };
}

export function verificationEmailTask(context: WorkerContext): Task {
  return async (payload, helpers) => {
    const { userId } = parseJobPayload('email:verification', payload);
    const user = await selectUserById(context.db, userId);
    if (user && !user.email_verified) await queueNewToken(context, helpers.job.id, user, 'email_verification', EMAIL_VERIFICATION_TTL_MS, verificationEmail);
  };
}
