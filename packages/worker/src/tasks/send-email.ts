// email:send — sends one message from the outbox and marks it sent. A message already
// marked is skipped; one sent but not yet marked when the worker died goes out again
// with the same Message-ID, which mail providers treat as the same message.
import type { Task } from 'graphile-worker';
import type { Mailer } from '@castwright/core/mail/mailer';
import { parseJobPayload } from '@castwright/core/jobs';
import { selectOutgoingMail, updateMailSent } from '@castwright/core/repositories/mail-outbox';
import type { WorkerContext } from '../worker-context.ts';

export function sendEmailTask(context: WorkerContext, mailer: Mailer): Task {
  return async (payload) => {
    const { outboxId } = parseJobPayload('email:send', payload);
    const mail = await selectOutgoingMail(context.db, outboxId);
    if (!mail || mail.sent_at) return;
    const domain = /@([^>\s]+)>?\s*$/.exec(context.config.mailFrom)?.[1] ?? 'castwright.local';
    const messageId = `<outbox-${mail.id}.${mail.created_at.getTime()}@${domain}>`;
    const sent = await mailer.send({ to: mail.to_address, subject: mail.subject, text: mail.text_body, html: mail.html_body ?? undefined, messageId });
    await updateMailSent(context.db, outboxId, messageId);
    context.logger.info({ outboxId, messageId: sent.messageId, transport: mailer.transport }, 'e-mail sent');
  };
}
