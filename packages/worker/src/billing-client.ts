// The Stripe client a general worker holds for the billing tasks, or a clear failure
// (the job is retried) when this worker was started without STRIPE_SECRET_KEY.
import type Stripe from 'stripe';
import type { StripeSettings } from '@castwright/core/config';

export interface BillingClient {
  stripe: Stripe;
  settings: StripeSettings;
}

export function requireBillingClient(client: BillingClient | undefined): BillingClient {
  if (!client) throw new Error('Stripe is not configured on this worker: set STRIPE_SECRET_KEY (and the STRIPE_PRICE_* ids) as on the api');
  return client;
}
