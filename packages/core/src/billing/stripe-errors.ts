// Telling the SDK's errors apart by their documented `type` (the error class's name), so
// code that only inspects errors need not load the SDK.
const typeOf = (error: unknown) => (error instanceof Error && 'type' in error ? error.type : undefined);

/** Stripe refusing a request as invalid (for a change: the object is not in a state that allows it). */
export function isStripeRefusal(error: unknown): boolean {
  return typeOf(error) === 'StripeInvalidRequestError';
}

/** Stripe's "no such object" answer (an id Stripe no longer knows). */
export function isStripeMissing(error: unknown): boolean {
  return isStripeRefusal(error) && error instanceof Error && 'code' in error && error.code === 'resource_missing';
}

/** Failures worth retrying later: Stripe unreachable, overloaded or erroring on its side. */
export function isStripeUnavailable(error: unknown): boolean {
  return ['StripeConnectionError', 'StripeAPIError', 'StripeRateLimitError'].includes(String(typeOf(error)));
}
