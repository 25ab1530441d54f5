// GET /api/billing/invoices: the account's invoices, newest first, read from Stripe
// (Stripe keeps them; nothing is copied here). No customer yet: an empty list.
import type { UserRow } from '@castwright/core/db/schema';
import { selectStripeCustomerId } from '@castwright/core/repositories/billing-customers';
import { invoiceView } from './billing-views.ts';
import { callStripe, requireStripe, type BillingServices } from './stripe-access.ts';

export async function listInvoices(services: BillingServices, user: UserRow, query: { limit: number }) {
  const { db, stripe } = requireStripe(services);
  const customer = await selectStripeCustomerId(db, user.id);
  if (!customer) return [];
  const page = await callStripe(() => stripe.invoices.list({ customer, limit: query.limit }));
  return page.data.map(invoiceView);
}
