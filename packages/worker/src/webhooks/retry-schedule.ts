// When a failed webhook attempt is tried again: exponential backoff with full jitter
// (a random wait in [0, base × 4^(retry − 1)], so receivers recovering from an outage are
// not hit by every sender at once), and never sooner than the receiver's Retry-After,
// which is obeyed up to an hour.
import { WEBHOOK_LIMITS } from '@castwright/core/webhooks/webhook-limits';

/** Milliseconds before retry number `retry` (1 = the first retry). */
export function retryDelayMs(retry: number, baseMs: number, retryAfterMs: number | undefined, random: () => number = Math.random): number {
  const ceiling = Math.min(WEBHOOK_LIMITS.backoffCapMs, baseMs * WEBHOOK_LIMITS.backoffFactor ** (retry - 1));
  const backoff = Math.floor(random() * ceiling);
  if (retryAfterMs === undefined) return backoff;
  return Math.max(backoff, Math.min(retryAfterMs, WEBHOOK_LIMITS.retryAfterCapMs));
}

/** A Retry-After header (delay-seconds or an HTTP date) in milliseconds from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: Date): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // HTTP dates (all three historic forms) begin with the day's name.
  if (!/^[A-Za-z]/.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now.getTime());
}
