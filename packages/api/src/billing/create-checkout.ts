// POST /api/billing/create-checkout: a Stripe Checkout session in subscription mode for
// the tier's configured price, on the account's one customer. The tier changes only when
// Stripe reports the payment (checkout.session.completed), never on this request.
// The effect is at Stripe, so with an Idempotency-Key it is made idempotent there: Stripe
// gets a key derived from ours (AnswerRecorder.callId), and a retry after this attempt
// died between Stripe's answer and recording ours is given the same session by Stripe.
import { currentSubscription } from '@castwright/core/billing/entitlement';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { selectUserSubscriptions } from '@castwright/core/repositories/billing-subscriptions';
import type { PaidTier } from '@castwright/core/tiers';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';
import { ensureStripeCustomer } from './stripe-customer.ts';
import { callStripe, notConfigured, requireStripe, type BillingServices } from './stripe-access.ts';

export interface CheckoutRequest {
  tier: PaidTier;
  successUrl: string;
  cancelUrl: string;
}

export interface ProviderSession {
  sessionId: string;
  url: string;
}

export async function createCheckout(services: BillingServices, user: UserRow, request: CheckoutRequest, answer: AnswerRecorder<ProviderSession>): Promise<ProviderSession> {
  const configured = requireStripe(services);
  const price = configured.settings.priceIds[request.tier];
  if (!price) throw notConfigured(`STRIPE_PRICE_${request.tier.toUpperCase()}`);
  const current = currentSubscription(await selectUserSubscriptions(configured.db, user.id), new Date(), configured.billing.pastDueGraceMs);
  if (current?.granting) {
    throw new AppError(
      'conflict',
      `You already have a ${current.row.tier} subscription; it can be cancelled with POST /api/billing/cancel-subscription, and a new tier bought once it has ended`,
    );
  }
  const customer = await ensureStripeCustomer(configured, user);
  const metadata = { userId: user.id, tier: request.tier };
  const session = await callStripe(() =>
    configured.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: user.id,
      line_items: [{ price, quantity: 1 }],
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      metadata,
      subscription_data: { metadata },
    }, answer.callId ? { idempotencyKey: `castwright-checkout-${answer.callId}` } : undefined),
  );
  if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
  const created = { sessionId: session.id, url: session.url };
  await answer.record(configured.db, created);
  return created;
}
