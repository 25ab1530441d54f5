// What Castwright keeps of a Stripe subscription: which tier it sells, its status and
// period, and whether it ends at the period's end. Read from the subscription object the
// SDK returns (items carry the period since Stripe's 2025-03-31 API).
import type Stripe from 'stripe';
import { PAID_TIERS, TIERS, type PaidTier } from '../tiers.ts';

export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  /** The user id written into the subscription's metadata at checkout, if any. */
  userIdHint: string | undefined;
  /** undefined: none of the subscription's prices is a configured one, and no tier in its metadata. */
  tier: PaidTier | undefined;
  /** Stripe's status word. */
  status: string;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  /** Set to end: at the period's end, or at a `cancel_at` date (how some Stripe flows schedule it). */
  cancelAtPeriodEnd: boolean;
  created: Date;
}

const fromUnix = (seconds: number | null | undefined) => (typeof seconds === 'number' ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);
const isPaidTier = (value: unknown): value is PaidTier => PAID_TIERS.includes(value as PaidTier);

export function snapshotOf(subscription: Stripe.Subscription, priceIds: Record<PaidTier, string | undefined>): SubscriptionSnapshot {
  const tierOfPrice = (priceId: string) => PAID_TIERS.find((tier) => priceIds[tier] === priceId);
  const items = subscription.items.data;
  // The highest tier any item sells; prices from an older configuration fall back to the
  // tier checkout wrote into the metadata, so changing STRIPE_PRICE_* never demotes anyone.
  const priced = items
    .map((item) => ({ item, tier: tierOfPrice(item.price.id) }))
    .filter((entry): entry is { item: Stripe.SubscriptionItem; tier: PaidTier } => entry.tier !== undefined)
    .sort((a, b) => TIERS.indexOf(b.tier) - TIERS.indexOf(a.tier))[0];
  const metadataTier = subscription.metadata?.tier;
  const item = priced?.item ?? items[0];
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer),
    userIdHint: subscription.metadata?.userId || undefined,
    tier: priced?.tier ?? (isPaidTier(metadataTier) ? metadataTier : undefined),
    status: subscription.status,
    currentPeriodStart: fromUnix(item?.current_period_start),
    currentPeriodEnd: fromUnix(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    created: fromUnix(subscription.created) ?? new Date(),
  };
}
