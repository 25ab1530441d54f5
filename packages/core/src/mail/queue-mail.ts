// Queueing an e-mail: the outbox record and its `email:send` job, in the caller's
// transaction, so the message goes out if and only if the change that caused it commits.
import type { Trx } from '../db/connect.ts';
import { addJob } from '../jobs.ts';
import { insertOutgoingMail, type OutboxMail } from '../repositories/mail-outbox.ts';

/** True when the message was queued now; false when one for the same cause already was. */
export async function queueMail(trx: Trx, mail: OutboxMail): Promise<boolean> {
  const id = await insertOutgoingMail(trx, mail);
  if (id === undefined) return false;
  await addJob(trx, 'email:send', { outboxId: id });
  return true;
}
