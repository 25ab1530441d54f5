// How subscriptions and invoices look in API responses (the interface's fields).
import type Stripe from 'stripe';
import { publicStatus } from '@castwright/core/billing/entitlement';
import type { BillingSubscriptionRow } from '@castwright/core/db/schema';

export function subscriptionView(row: BillingSubscriptionRow) {
  return {
    id: row.id,
    tier: row.tier,
    status: publicStatus(row.status),
    currentPeriodStart: row.current_period_start?.toISOString() ?? null,
    currentPeriodEnd: row.current_period_end?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancel_at_period_end,
  };
}

/** `amount` is what the invoice asks for (amount_due); for a paid invoice, what was paid. */
export function invoiceView(invoice: Stripe.Invoice) {
  return {
    id: invoice.id,
    amount: invoice.amount_due,
    currency: invoice.currency,
    status: invoice.status,
    invoicePdf: invoice.invoice_pdf ?? null,
    created: new Date(invoice.created * 1000).toISOString(),
  };
}
