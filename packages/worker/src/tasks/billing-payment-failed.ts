// billing:payment-failed-email — tells the account's owner that Stripe could not collect
// an invoice. Once per event even if the job runs twice: the event's notice is claimed
// (row locked, notified_at set) in the transaction that queues the mail in the outbox, so
// a second run waits and then finds it taken; `email:send` sends it. An invoice settled in
// the meantime gets no mail.
import type { Task } from 'graphile-worker';
import { publicBaseUrl } from '@castwright/core/config';
import { parseJobPayload } from '@castwright/core/jobs';
import { queueMail } from '@castwright/core/mail/queue-mail';
import { claimEventNotice, selectBillingEvent } from '@castwright/core/repositories/billing-events';
import { selectUserById } from '@castwright/core/repositories/users';
import { requireBillingClient, type BillingClient } from '../billing-client.ts';
import { paymentFailedEmail } from '../email/billing-emails.ts';
import type { WorkerContext } from '../worker-context.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function paymentFailedEmailTask(context: WorkerContext, client: BillingClient | undefined): Task {
  return async (payload) => {
    const { eventId, invoiceId } = parseJobPayload('billing:payment-failed-email', payload);
    const event = await selectBillingEvent(context.db, eventId);
    if (!event?.user_id || event.notified_at) return;
    const invoice = await requireBillingClient(client).stripe.invoices.retrieve(invoiceId);
    await context.db.transaction().execute(async (trx) => {
      const claim = await claimEventNotice(trx, eventId);
      if (!claim) return;
      if (invoice.status === 'paid' || invoice.status === 'void') {
        context.logger.info({ eventId, invoiceId, status: invoice.status }, 'invoice settled before the failed-payment mail went out; not sent');
        return;
      }
      const user = await selectUserById(trx, claim.userId);
      if (!user) return;
      const mail = paymentFailedEmail(user.email, {
        amountDue: invoice.amount_due,
        currency: invoice.currency,
        nextAttempt: invoice.next_payment_attempt ? new Date(invoice.next_payment_attempt * 1000) : null,
        graceDays: Math.round(context.config.billing.pastDueGraceMs / DAY_MS),
        payUrl: invoice.hosted_invoice_url ?? publicBaseUrl(context.config),
      });
      await queueMail(trx, { ...mail, dedupeKey: `billing:payment-failed:${eventId}` }, { account: user.id, fair: context.config.fairScheduling });
      context.logger.info({ eventId, invoiceId, userId: user.id }, 'failed-payment e-mail queued');
    });
  };
}
