// The one way a process gets a Stripe client: the official SDK, pinned to the API version
// it was built for, pointed at api.stripe.com or at STRIPE_API_BASE (stripe-mock, tests).
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

/** Stripe refusing a request as invalid (for a change: the object is not in a state that allows it). */
export function isStripeRefusal(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError;
}

/** Stripe's "no such object" answer (an id Stripe no longer knows). */
export function isStripeMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
}

/** Failures worth retrying later: Stripe unreachable, overloaded or erroring on its side. */
export function isStripeUnavailable(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  );
}
