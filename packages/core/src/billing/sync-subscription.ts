// Brings one Stripe subscription into the account it belongs to. The subscription is
// always one just read from Stripe (retrieved, or returned by an update), never an
// event's copy: whatever order events arrive in, the latest state is what gets stored.
import type Stripe from 'stripe';
import type { Db } from '../db/connect.ts';
import { isUserId } from '../ids.ts';
import { insertStripeCustomer, selectUserIdByStripeCustomer } from '../repositories/billing-customers.ts';
import { selectUserById } from '../repositories/users.ts';
import type { PaidTier } from '../tiers.ts';
import { applySubscription, type EntitlementChange } from './apply-subscription.ts';
import { snapshotOf } from './subscription-snapshot.ts';

export interface SyncOutcome {
  userId: string | undefined;
  change: EntitlementChange | undefined;
}

export async function syncSubscription(
  db: Db,
  settings: { pastDueGraceMs: number; priceIds: Record<PaidTier, string | undefined> },
  subscription: Stripe.Subscription,
  now = new Date(),
): Promise<SyncOutcome> {
  const snapshot = snapshotOf(subscription, settings.priceIds);
  // Our customer first; the user id checkout wrote into the metadata covers a customer
  // that was never linked (a subscription created in the dashboard for a known user).
  let userId = await selectUserIdByStripeCustomer(db, snapshot.customerId);
  let link = false;
  if (!userId && isUserId(snapshot.userIdHint) && (await selectUserById(db, snapshot.userIdHint))) {
    userId = snapshot.userIdHint;
    link = true;
  }
  if (!userId) return { userId: undefined, change: undefined };
  const owner = userId;
  const change = await db.transaction().execute(async (trx) => {
    if (link) await insertStripeCustomer(trx, owner, snapshot.customerId);
    return applySubscription(trx, owner, snapshot, { now, pastDueGraceMs: settings.pastDueGraceMs });
  });
  return { userId: owner, change };
}
