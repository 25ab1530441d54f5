// Deleting an account also deletes its Stripe customer, which ends every subscription at
// once: queued in the deleting transaction (the customer id would be gone after it), and
// done by the general worker, so the deletion never waits on Stripe.
import type { Trx } from '@castwright/core/db/connect';
import { addJob } from '@castwright/core/jobs';
import { selectStripeCustomerId } from '@castwright/core/repositories/billing-customers';

export async function queueCustomerDeletion(trx: Trx, userId: string, queueing: { fair: boolean }): Promise<void> {
  const customerId = await selectStripeCustomerId(trx, userId);
  if (customerId) await addJob(trx, 'billing:delete-customer', { customerId }, { account: userId, fair: queueing.fair });
}
