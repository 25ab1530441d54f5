// billing:past-due-sweep (every 15 minutes, from the crontab) — accounts whose
// subscription has been past_due for longer than the grace period drop to free (their
// API key revoked, nothing deleted). billing:delete-customer — queued with an account's
// deletion: deleting the Stripe customer ends its subscriptions at once, so a deleted
// account is never charged again.
import type { Task } from 'graphile-worker';
import { refreshEntitlement } from '@castwright/core/billing/apply-subscription';
import { isStripeMissing } from '@castwright/core/billing/stripe-errors';
import { parseJobPayload } from '@castwright/core/jobs';
import { selectUsersPastDueSince } from '@castwright/core/repositories/billing-subscriptions';
import { requireBillingClient, type BillingClient } from '../billing-client.ts';
import type { WorkerContext } from '../worker-context.ts';

export const BILLING_CRONTAB = '*/15 * * * * billing:past-due-sweep';

export function pastDueSweepTask(context: WorkerContext): Task {
  return async () => {
    const now = new Date();
    const { pastDueGraceMs } = context.config.billing;
    const lapsed = await selectUsersPastDueSince(context.db, new Date(now.getTime() - pastDueGraceMs));
    for (const userId of lapsed) {
      const change = await context.db.transaction().execute((trx) => refreshEntitlement(trx, userId, { now, pastDueGraceMs }));
      if (change && change.tier !== change.previousTier) context.logger.info({ userId, ...change }, 'past_due grace period over; tier changed');
    }
  };
}

export function customerDeletionTask(context: WorkerContext, client: BillingClient | undefined): Task {
  return async (payload) => {
    const { customerId } = parseJobPayload('billing:delete-customer', payload);
    const { stripe } = requireBillingClient(client);
    await stripe.customers.del(customerId).catch((error: unknown) => {
      if (!isStripeMissing(error)) throw error;
    });
    context.logger.info({ customerId }, 'Stripe customer of a deleted account deleted');
  };
}
