// Each account's Stripe customer id: one per account, created once and reused.
import type { Executor, Trx } from '../db/connect.ts';

export async function selectStripeCustomerId(db: Executor, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('billing_customers').select('stripe_customer_id').where('user_id', '=', userId).executeTakeFirst();
  return row?.stripe_customer_id;
}

export async function selectUserIdByStripeCustomer(db: Executor, customerId: string): Promise<string | undefined> {
  const row = await db.selectFrom('billing_customers').select('user_id').where('stripe_customer_id', '=', customerId).executeTakeFirst();
  return row?.user_id;
}

/** Links the customer to the account unless the account (or the customer) is linked already. */
export async function insertStripeCustomer(trx: Trx, userId: string, customerId: string): Promise<void> {
  await trx
    .insertInto('billing_customers')
    .values({ user_id: userId, stripe_customer_id: customerId })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}
