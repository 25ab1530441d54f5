// The documented retry schedule: retry k waits a random time in [0, base × 4^(k−1)]
// (full jitter), capped at an hour, and never less than the receiver's Retry-After,
// which is itself obeyed only up to an hour.
import t from 'tap';
import fc from 'fast-check';
import { parseRetryAfter, retryDelayMs } from '@castwright/worker/webhooks/retry-schedule';
import { assertProperty } from '#test-helpers/property';

const HOUR = 3_600_000;

t.test('full jitter between zero and base × 4^(retry − 1)', async (t) => {
  t.same([1, 2, 3].map((retry) => retryDelayMs(retry, 30_000, undefined, () => 0)), [0, 0, 0], 'the low end is zero');
  t.same([1, 2, 3].map((retry) => retryDelayMs(retry, 30_000, undefined, () => 0.999_999)), [29_999, 119_999, 479_999], 'the high ends: 30 s, 2 min, 8 min (defaults)');
  t.equal(retryDelayMs(3, 1_000_000, undefined, () => 0.999_999), HOUR - 4, 'never beyond an hour');
  assertProperty(
    t,
    'every delay is a whole number of milliseconds in [0, min(1 h, base × 4^(retry − 1))]',
    fc.property(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: HOUR }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (retry, base, random) => {
      const delay = retryDelayMs(retry, base, undefined, () => random);
      return Number.isInteger(delay) && delay >= 0 && delay < Math.min(HOUR, base * 4 ** (retry - 1)) + 1;
    }),
  );
});

t.test("Retry-After: never sooner, capped at an hour", async (t) => {
  t.equal(retryDelayMs(1, 100, 5_000, () => 0.5), 5_000, 'a longer Retry-After wins');
  t.equal(retryDelayMs(3, 30_000, 1_000, () => 0.5), 240_000, 'a shorter one does not shorten the backoff');
  t.equal(retryDelayMs(1, 100, 2 * HOUR, () => 0), HOUR, 'obeyed up to an hour');
  const now = new Date('2025-01-01T00:00:00Z');
  t.equal(parseRetryAfter('120', now), 120_000);
  t.equal(parseRetryAfter(' 0 ', now), 0);
  t.equal(parseRetryAfter('Wed, 01 Jan 2025 00:01:30 GMT', now), 90_000, 'an HTTP date');
  t.equal(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now), 0, 'a date in the past: at once');
  t.equal(parseRetryAfter('soon', now), undefined);
  t.equal(parseRetryAfter('-5', now), undefined);
  t.equal(parseRetryAfter(null, now), undefined);
});
