// Queueing an e-mail: the outbox record and its `email:send` job, in the caller's
// transaction, so the message goes out if and only if the change that caused it commits.
import type { Trx } from '../db/connect.ts';
import { addJob } from '../jobs.ts';
import { insertOutgoingMail, type OutboxMail } from '../repositories/mail-outbox.ts';

/**
 * True when the message was queued now; false when one for the same cause already was.
 * `queueing.account` is the user the message is for (the job queue is fair between
 * accounts when `queueing.fair`).
 */
export async function queueMail(trx: Trx, mail: OutboxMail, queueing: { account: string; fair: boolean }): Promise<boolean> {
  const id = await insertOutgoingMail(trx, mail);
  if (id === undefined) return false;
  await addJob(trx, 'email:send', { outboxId: id }, queueing);
  return true;
}
