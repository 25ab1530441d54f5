// Delivering Stripe events to a test api the way Stripe does (pretty-printed JSON, signed
// over the exact bytes sent), and the whole "user buys a tier" walk built on it.
import { waitForJobs } from './job-queue.ts';
import { signStripePayload, type FakeStripe } from './fake-stripe.ts';
import type { TestApi } from './test-api.ts';

export interface Delivery {
  /** Sign with another secret or at another time. */
  secret?: string;
  timestamp?: number;
  /** Send these bytes instead of the signed ones. */
  body?: string;
}

export function deliverStripeEvent(api: TestApi, event: Record<string, unknown>, options: Delivery = {}) {
  const payload = JSON.stringify(event, null, 2);
  return api.request('/api/billing/webhook', {
    method: 'POST',
    body: options.body ?? payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signStripePayload(payload, options) },
  });
}

/** Checkout, payment at Stripe, the checkout.session.completed event, and the sync it queues. */
export async function subscribe(api: TestApi, stripe: FakeStripe, accessToken: string, tier: 'creator' | 'professional' | 'enterprise' = 'creator') {
  const checkout = await api.request('/api/billing/create-checkout', {
    method: 'POST',
    token: accessToken,
    json: { tier, successUrl: 'https://app.example.com/billing/done', cancelUrl: 'https://app.example.com/billing' },
  });
  if (checkout.status !== 200) throw new Error(`create-checkout failed: ${checkout.status} ${await checkout.text()}`);
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  const { session, subscription } = stripe.completeCheckout(sessionId);
  const delivered = await deliverStripeEvent(api, stripe.event('checkout.session.completed', session));
  if (delivered.status !== 200) throw new Error(`webhook refused checkout.session.completed: ${delivered.status} ${await delivered.text()}`);
  await waitForJobs(api.database.db, 'billing:');
  return { sessionId, subscriptionId: String(subscription.id), customerId: String(subscription.customer) };
}
