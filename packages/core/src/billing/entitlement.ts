// Which tier an account's subscriptions entitle it to, and the status it shows. Pure:
// the same rows and clock always give the same answer, whatever order events came in.
import type { BillingSubscriptionRow } from '../db/schema.ts';
import { TIERS, type Tier } from '../tiers.ts';

/** The subscription states the interface names. */
export type SubscriptionStatus = 'active' | 'canceled' | 'past_due' | 'unpaid';

/**
 * Stripe's status words in the interface's four: a trial is active; an ended or expired
 * one is canceled; a first payment never made (incomplete) or a paused subscription
 * entitles to nothing and is shown as unpaid.
 */
export function publicStatus(stripeStatus: string): SubscriptionStatus {
  switch (stripeStatus) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'unpaid';
  }
}

type EntitlementRow = Pick<BillingSubscriptionRow, 'tier' | 'status' | 'past_due_since' | 'current_period_end' | 'stripe_created_at'>;

/** Active and trialing subscriptions grant their tier; past_due ones only within the grace period. */
export function grantsTier(row: EntitlementRow, now: Date, pastDueGraceMs: number): boolean {
  if (publicStatus(row.status) === 'active') return true;
  if (row.status !== 'past_due') return false;
  const since = row.past_due_since ?? now;
  return now.getTime() < since.getTime() + pastDueGraceMs;
}

export interface Entitlement {
  tier: Tier;
  /** The shown subscription's status; null for an account that never subscribed. */
  status: SubscriptionStatus | null;
  periodEnd: Date | null;
}

/**
 * The subscription an account is shown with: the granting one selling the highest tier,
 * or, when none grants, the newest. `granting` says whether it grants its tier now.
 */
export function currentSubscription<R extends EntitlementRow>(
  rows: readonly R[],
  now: Date,
  pastDueGraceMs: number,
): { row: R; granting: boolean } | undefined {
  const newestFirst = [...rows].sort((a, b) => b.stripe_created_at.getTime() - a.stripe_created_at.getTime());
  const granting = newestFirst
    .filter((row) => grantsTier(row, now, pastDueGraceMs))
    .sort((a, b) => TIERS.indexOf(b.tier) - TIERS.indexOf(a.tier))[0];
  if (granting) return { row: granting, granting: true };
  return newestFirst[0] && { row: newestFirst[0], granting: false };
}

/** The account's tier (free when no subscription grants one) and its subscription summary. */
export function entitlementOf(rows: readonly EntitlementRow[], now: Date, pastDueGraceMs: number): Entitlement {
  const current = currentSubscription(rows, now, pastDueGraceMs);
  return {
    tier: current?.granting ? current.row.tier : 'free',
    status: current ? publicStatus(current.row.status) : null,
    periodEnd: current?.row.current_period_end ?? null,
  };
}
