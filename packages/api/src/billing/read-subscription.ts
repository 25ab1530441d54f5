// GET /api/billing/subscription: the subscription the account is shown with (the one
// granting its tier, else the newest), as last read from Stripe; undefined if none.
import { currentSubscription } from '@castwright/core/billing/entitlement';
import type { BillingSubscriptionRow, UserRow } from '@castwright/core/db/schema';
import { selectUserSubscriptions } from '@castwright/core/repositories/billing-subscriptions';
import { requireStripe, type BillingServices } from './stripe-access.ts';

export async function readSubscription(services: BillingServices, user: UserRow): Promise<BillingSubscriptionRow | undefined> {
  const { db, billing } = requireStripe(services);
  return currentSubscription(await selectUserSubscriptions(db, user.id), new Date(), billing.pastDueGraceMs)?.row;
}
