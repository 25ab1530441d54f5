import t from 'tap';
import { currentSubscription, entitlementOf, grantsTier, publicStatus } from '@castwright/core/billing/entitlement';
import type { PaidTier } from '@castwright/core/tiers';

const DAY = 24 * 60 * 60 * 1000;
const GRACE = 7 * DAY;
const now = new Date('2026-03-15T12:00:00Z');
const row = (tier: PaidTier, status: string, createdDaysAgo: number, pastDueDaysAgo?: number) => ({
  tier,
  status,
  stripe_created_at: new Date(now.getTime() - createdDaysAgo * DAY),
  current_period_end: new Date(now.getTime() + (10 - createdDaysAgo) * DAY),
  past_due_since: pastDueDaysAgo === undefined ? null : new Date(now.getTime() - pastDueDaysAgo * DAY),
});

t.test("Stripe's statuses in the interface's four", async (t) => {
  const cases: [string, string][] = [
    ['active', 'active'], ['trialing', 'active'], ['past_due', 'past_due'], ['unpaid', 'unpaid'], ['canceled', 'canceled'],
    ['incomplete_expired', 'canceled'], ['incomplete', 'unpaid'], ['paused', 'unpaid'], ['something_new', 'unpaid'],
  ];
  for (const [stripe, shown] of cases) t.equal(publicStatus(stripe), shown, stripe);
});

t.test('past_due grants its tier for exactly the grace period from when it was first seen', async (t) => {
  t.ok(grantsTier(row('creator', 'past_due', 30, 7 - 1 / DAY), now, GRACE), 'a millisecond before the end');
  t.notOk(grantsTier(row('creator', 'past_due', 30, 7), now, GRACE), 'at the end');
  t.ok(grantsTier(row('creator', 'past_due', 30), now, GRACE), 'not yet dated: counts from now');
  t.notOk(grantsTier(row('creator', 'past_due', 30, 0), now, 0), 'no grace configured');
  for (const status of ['unpaid', 'canceled', 'incomplete', 'paused']) t.notOk(grantsTier(row('creator', status, 1), now, GRACE), status);
});

t.test('the highest granting tier wins; with none, the newest subscription is shown and the tier is free', async (t) => {
  const rows = [row('creator', 'active', 40), row('professional', 'past_due', 5, 2), row('enterprise', 'canceled', 1)];
  t.same(entitlementOf(rows, now, GRACE), { tier: 'professional', status: 'past_due', periodEnd: rows[1]?.current_period_end });
  t.equal(currentSubscription(rows, now, GRACE)?.row, rows[1]);
  const lapsed = [row('creator', 'canceled', 40), row('professional', 'unpaid', 5)];
  t.same(entitlementOf(lapsed, now, GRACE), { tier: 'free', status: 'unpaid', periodEnd: lapsed[1]?.current_period_end });
  t.same(entitlementOf([], now, GRACE), { tier: 'free', status: null, periodEnd: null });
  t.equal(currentSubscription([], now, GRACE), undefined);
});
