// billing:sync-subscription — re-reads a subscription from Stripe and applies it to its
// account (tier, status, period, API key). Queued for every subscription event and for
// a completed checkout; runs one at a time per subscription, and reading Stripe's current
// state makes the order (and the number) of events irrelevant.
import type { Task } from 'graphile-worker';
import { isStripeMissing } from '@castwright/core/billing/stripe-errors';
import { syncSubscription } from '@castwright/core/billing/sync-subscription';
import { parseJobPayload } from '@castwright/core/jobs';
import { requireBillingClient, type BillingClient } from '../billing-client.ts';
import type { WorkerContext } from '../worker-context.ts';

export function billingSyncTask(context: WorkerContext, client: BillingClient | undefined): Task {
  return async (payload) => {
    const { subscriptionId } = parseJobPayload('billing:sync-subscription', payload);
    const { stripe, settings } = requireBillingClient(client);
    const subscription = await stripe.subscriptions.retrieve(subscriptionId).catch((error: unknown) => {
      if (isStripeMissing(error)) return undefined;
      throw error;
    });
    if (!subscription) {
      context.logger.warn({ subscriptionId }, 'Stripe no longer knows this subscription; nothing to apply');
      return;
    }
    const { userId, change } = await syncSubscription(context.db, { pastDueGraceMs: context.config.billing.pastDueGraceMs, priceIds: settings.priceIds }, subscription);
    if (!userId) {
      context.logger.info({ subscriptionId, customerId: subscription.customer }, 'subscription belongs to no Castwright account; ignored');
    } else if (!change) {
      context.logger.warn({ subscriptionId, userId }, 'subscription not applied: the account is gone, or it sells no configured price (check STRIPE_PRICE_*)');
    } else {
      context.logger.info({ subscriptionId, userId, status: subscription.status, ...change }, 'subscription applied');
    }
  };
}
