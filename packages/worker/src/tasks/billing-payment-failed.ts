// billing:payment-failed-email — tells the account's owner that Stripe could not collect
// an invoice. Once per event even if the job runs twice: the event's notice is claimed
// (row locked, notified_at set) in the transaction that sends the mail, so a second run
// waits and then finds it taken; a failed send rolls the claim back and the job retries.
// An invoice settled in the meantime gets no mail.
import type { Task } from 'graphile-worker';
import { publicBaseUrl } from '@castwright/core/config';
import { parseJobPayload } from '@castwright/core/jobs';
import type { Mailer } from '@castwright/core/mail/mailer';
import { claimEventNotice, findBillingEvent } from '@castwright/core/repositories/billing-events';
import { findUserById } from '@castwright/core/repositories/users';
import { requireBillingClient, type BillingClient } from '../billing-client.ts';
import { paymentFailedEmail } from '../email/billing-emails.ts';
import type { WorkerContext } from '../worker-context.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function paymentFailedEmailTask(context: WorkerContext, mailer: Mailer, client: BillingClient | undefined): Task {
  return async (payload) => {
    const { eventId, invoiceId } = parseJobPayload('billing:payment-failed-email', payload);
    const event = await findBillingEvent(context.db, eventId);
    if (!event?.user_id || event.notified_at) return;
    const invoice = await requireBillingClient(client).stripe.invoices.retrieve(invoiceId);
    await context.db.transaction().execute(async (trx) => {
      const claim = await claimEventNotice(trx, eventId);
      if (!claim) return;
      if (invoice.status === 'paid' || invoice.status === 'void') {
        context.logger.info({ eventId, invoiceId, status: invoice.status }, 'invoice settled before the failed-payment mail went out; not sent');
        return;
      }
      const user = await findUserById(trx, claim.userId);
      if (!user) return;
      const sent = await mailer.send(paymentFailedEmail(user.email, {
        amountDue: invoice.amount_due,
        currency: invoice.currency,
        nextAttempt: invoice.next_payment_attempt ? new Date(invoice.next_payment_attempt * 1000) : null,
        graceDays: Math.round(context.config.billing.pastDueGraceMs / DAY_MS),
        payUrl: invoice.hosted_invoice_url ?? publicBaseUrl(context.config),
      }));
      context.logger.info({ eventId, invoiceId, userId: user.id, messageId: sent.messageId, transport: mailer.transport }, 'failed-payment e-mail sent');
    });
  };
}
