// Cancelling at the period's end and taking that back. Stripe is changed first; the
// subscription it returns is applied to the account at once (the webhook that follows
// re-reads the same state, so applying it twice changes nothing). When Stripe refuses the
// change, our copy was behind Stripe's (an event not yet applied): it is brought up to
// date and the caller gets a 409 to look again.
import { publicStatus } from '@castwright/core/billing/entitlement';
import { isStripeRefusal } from '@castwright/core/billing/stripe-errors';
import { syncSubscription } from '@castwright/core/billing/sync-subscription';
import type { BillingSubscriptionRow, UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { selectSubscription } from '@castwright/core/repositories/billing-subscriptions';
import type Stripe from 'stripe';
import { readSubscription } from './read-subscription.ts';
import { callStripe, requireStripe, type BillingServices, type ConfiguredBilling } from './stripe-access.ts';

export interface CancellationOutcome {
  subscription: BillingSubscriptionRow;
  message: string;
}

async function shownSubscription(services: BillingServices, user: UserRow): Promise<BillingSubscriptionRow> {
  const row = await readSubscription(services, user);
  if (!row) throw new AppError('notFound', 'You have no subscription');
  return row;
}

async function applyAndReread(configured: ConfiguredBilling, subscription: Stripe.Subscription): Promise<BillingSubscriptionRow> {
  await syncSubscription(configured.db, { pastDueGraceMs: configured.billing.pastDueGraceMs, priceIds: configured.settings.priceIds }, subscription);
  const row = await selectSubscription(configured.db, subscription.id);
  if (!row) throw new Error(`Subscription ${subscription.id} could not be applied to its account`);
  return row;
}

async function changeAtStripe(
  configured: ConfiguredBilling,
  subscriptionId: string,
  change: (stripe: Stripe) => Promise<Stripe.Subscription>,
): Promise<BillingSubscriptionRow> {
  try {
    return await applyAndReread(configured, await callStripe(() => change(configured.stripe)));
  } catch (error) {
    if (!isStripeRefusal(error)) throw error;
    const current = await configured.stripe.subscriptions.retrieve(subscriptionId).catch(() => undefined);
    if (current) await applyAndReread(configured, current);
    throw new AppError('conflict', 'Your subscription changed at the payment provider in the meantime and has been brought up to date; check it and try again');
  }
}

const endDate = (row: BillingSubscriptionRow) => (row.current_period_end ? `on ${row.current_period_end.toISOString().slice(0, 10)}` : 'at the end of the current period');

export async function cancelSubscription(services: BillingServices, user: UserRow): Promise<CancellationOutcome> {
  const configured = requireStripe(services);
  let row = await shownSubscription(services, user);
  if (publicStatus(row.status) === 'canceled') throw new AppError('conflict', 'Your subscription has already ended');
  if (!row.cancel_at_period_end) {
    row = await changeAtStripe(configured, row.id, (stripe) => stripe.subscriptions.update(row.id, { cancel_at_period_end: true }));
  }
  return { subscription: row, message: `Your subscription ends ${endDate(row)}; you keep the ${row.tier} tier until then` };
}

export async function reactivateSubscription(services: BillingServices, user: UserRow): Promise<CancellationOutcome> {
  const configured = requireStripe(services);
  let row = await shownSubscription(services, user);
  const ended = publicStatus(row.status) === 'canceled' || (row.current_period_end !== null && row.current_period_end.getTime() <= Date.now());
  if (ended) throw new AppError('conflict', 'Your subscription period has ended; subscribe again with POST /api/billing/create-checkout');
  if (row.cancel_at_period_end) {
    const id = row.id;
    row = await changeAtStripe(configured, id, async (stripe) => {
      const updated = await stripe.subscriptions.update(id, { cancel_at_period_end: false });
      // A cancellation scheduled as a date (cancel_at, as some Stripe flows set it) is cleared separately.
      return updated.cancel_at === null ? updated : stripe.subscriptions.update(id, { cancel_at: '' });
    });
  }
  return { subscription: row, message: `Your subscription continues; it renews ${endDate(row)}` };
}
