// The billing e-mail: a payment Stripe could not collect, what happens next, and where
// to pay (Stripe's hosted invoice page, where another card can be used).
import type { OutgoingMail } from '@castwright/core/mail/mailer';
import { composeMail } from './compose-mail.ts';

export interface FailedPayment {
  /** In the currency's minor unit, as Stripe counts it. */
  amountDue: number;
  currency: string;
  nextAttempt: Date | null;
  graceDays: number;
  /** Stripe's page for paying this invoice; else the app. */
  payUrl: string;
}

function formatAmount(amountMinor: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
  return format.format(amountMinor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

export function paymentFailedEmail(to: string, payment: FailedPayment): OutgoingMail {
  const retry = payment.nextAttempt
    ? `We will try again on ${payment.nextAttempt.toISOString().slice(0, 10)}.`
    : 'No further attempt is scheduled.';
  return composeMail(to, 'Your Castwright payment failed', [
    `We could not collect ${formatAmount(payment.amountDue, payment.currency)} for your Castwright subscription. ${retry}`,
    `Your paid tier stays for ${payment.graceDays} days after a payment becomes overdue; if it is still unpaid then, your account moves to the free tier. Nothing you made is deleted.`,
    'To pay now, or with another card, open:',
  ], payment.payUrl);
}
