// Applies a subscription as read from Stripe to the account, in the caller's transaction:
// the subscription row, then the tier and subscription summary derived from all of the
// account's subscriptions. A tier below the API-key tier revokes the key in the same
// transaction; no other data is touched.
import type { Trx } from '../db/connect.ts';
import { updateApiKeyRevoked } from '../repositories/api-keys.ts';
import { selectSubscription, selectUserSubscriptions, upsertSubscription } from '../repositories/billing-subscriptions.ts';
import { lockUser, updateUserEntitlement } from '../repositories/users.ts';
import { API_KEY_MIN_TIER, isTierAtLeast, type Tier } from '../tiers.ts';
import { entitlementOf } from './entitlement.ts';
import type { SubscriptionSnapshot } from './subscription-snapshot.ts';

export interface EntitlementChange {
  previousTier: Tier;
  tier: Tier;
  apiKeyRevoked: boolean;
}

interface Clock {
  now: Date;
  pastDueGraceMs: number;
}

/** undefined: the account is gone, or the subscription sells no tier Castwright knows. */
export async function applySubscription(
  trx: Trx,
  userId: string,
  snapshot: SubscriptionSnapshot,
  clock: Clock,
): Promise<EntitlementChange | undefined> {
  if (!(await lockUser(trx, userId))) return undefined;
  const stored = await selectSubscription(trx, snapshot.id);
  const tier = snapshot.tier ?? stored?.tier;
  if (!tier) return undefined;
  // The grace period runs from the first time the subscription was seen past_due.
  const pastDueSince = snapshot.status === 'past_due' ? (stored?.status === 'past_due' ? stored.past_due_since : null) ?? clock.now : null;
  await upsertSubscription(trx, {
    id: snapshot.id,
    user_id: userId,
    stripe_customer_id: snapshot.customerId,
    tier,
    status: snapshot.status,
    current_period_start: snapshot.currentPeriodStart,
    current_period_end: snapshot.currentPeriodEnd,
    cancel_at_period_end: snapshot.cancelAtPeriodEnd,
    past_due_since: pastDueSince,
    stripe_created_at: snapshot.created,
  });
  return refreshEntitlement(trx, userId, clock);
}

/** Derives the account's tier from its stored subscriptions again (the grace period may have run out). */
export async function refreshEntitlement(trx: Trx, userId: string, clock: Clock): Promise<EntitlementChange | undefined> {
  const user = await lockUser(trx, userId);
  if (!user) return undefined;
  const entitlement = entitlementOf(await selectUserSubscriptions(trx, userId), clock.now, clock.pastDueGraceMs);
  await updateUserEntitlement(trx, userId, entitlement);
  const apiKeyRevoked = !isTierAtLeast(entitlement.tier, API_KEY_MIN_TIER) && (await updateApiKeyRevoked(trx, userId));
  return { previousTier: user.tier, tier: entitlement.tier, apiKeyRevoked };
}
