// POST /api/billing/update-payment-method: a Stripe customer-portal session that opens
// straight on "update payment method" (Stripe then makes it the default for invoices).
// successUrl is where Stripe sends the user after the update, cancelUrl the portal's
// way back. Answers in the create-checkout format.
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { selectStripeCustomerId } from '@castwright/core/repositories/billing-customers';
import type { ProviderSession } from './create-checkout.ts';
import { callStripe, requireStripe, type BillingServices } from './stripe-access.ts';

export async function changePaymentMethod(
  services: BillingServices,
  user: UserRow,
  urls: { successUrl: string; cancelUrl: string },
): Promise<ProviderSession> {
  const { db, stripe } = requireStripe(services);
  const customer = await selectStripeCustomerId(db, user.id);
  if (!customer) throw new AppError('notFound', 'You have no billing account yet; subscribe with POST /api/billing/create-checkout first');
  const session = await callStripe(() =>
    stripe.billingPortal.sessions.create({
      customer,
      return_url: urls.cancelUrl,
      flow_data: { type: 'payment_method_update', after_completion: { type: 'redirect', redirect: { return_url: urls.successUrl } } },
    }),
  );
  return { sessionId: session.id, url: session.url };
}
