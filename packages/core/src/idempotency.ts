// Idempotency keys (`Idempotency-Key`, after Stripe and the IETF draft "The Idempotency-Key
// HTTP Header Field"): what a key may be and how long its first answer is kept. The api
// applies them (api/src/idempotency/), the general worker forgets expired keys.

/** A key is kept for a day per account; used again after that, it is a new request. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

/** 1–255 visible ASCII characters (a UUID is a good key). */
export const IDEMPOTENCY_KEY_PATTERN = '^[!-~]{1,255}$';
