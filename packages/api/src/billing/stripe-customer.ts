// One Stripe customer per account, created on the first checkout and reused after.
// Two checkouts at once cannot create two: the second waits on the account's row lock
// and then finds the first one's customer. The idempotency key covers a crash between
// Stripe creating the customer and our commit: a retry gets the same customer back.
import type { UserRow } from '@castwright/core/db/schema';
import { insertStripeCustomer, selectStripeCustomerId } from '@castwright/core/repositories/billing-customers';
import { lockUser } from '@castwright/core/repositories/users';
import { callStripe, type ConfiguredBilling } from './stripe-access.ts';

export async function ensureStripeCustomer({ db, stripe }: ConfiguredBilling, user: UserRow): Promise<string> {
  const known = await selectStripeCustomerId(db, user.id);
  if (known) return known;
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, user.id);
    const linked = await selectStripeCustomerId(trx, user.id);
    if (linked) return linked;
    const customer = await callStripe(() =>
      stripe.customers.create(
        { email: user.email, ...(user.name && { name: user.name }), metadata: { userId: user.id } },
        { idempotencyKey: `castwright-customer-${user.id}` },
      ),
    );
    await insertStripeCustomer(trx, user.id, customer.id);
    return customer.id;
  });
}
