// The one way a process gets a Stripe client: the official SDK, pinned to the API version
// it was built for, pointed at api.stripe.com or at STRIPE_API_BASE (stripe-mock, tests).
// Loaded (with import()) only by processes that have STRIPE_SECRET_KEY: the SDK is large.
import Stripe from 'stripe';
import type { StripeSettings } from '../config.ts';

export function createStripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(settings.secretKey, {
    ...(base && {
      host: base.hostname.replace(/^\[|\]$/g, ''),
      port: base.port || (protocol === 'http' ? 80 : 443),
      protocol,
    }),
    // POSTs are retried with the SDK's own idempotency keys, so a retry never doubles a change.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Castwright' },
  });
}
