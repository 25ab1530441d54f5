// Stripe subscriptions as last read from Stripe, one row per subscription id.
import type { Executor, Trx } from '../db/connect.ts';
import type { BillingSubscriptionRow, BillingSubscriptionsTable } from '../db/schema.ts';
import type { Insertable } from 'kysely';

export async function selectSubscription(db: Executor, id: string): Promise<BillingSubscriptionRow | undefined> {
  return db.selectFrom('billing_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The account's subscriptions, newest first. */
export async function selectUserSubscriptions(db: Executor, userId: string): Promise<BillingSubscriptionRow[]> {
  return db.selectFrom('billing_subscriptions').selectAll().where('user_id', '=', userId).orderBy('stripe_created_at', 'desc').orderBy('id').execute();
}

export async function upsertSubscription(trx: Trx, row: Insertable<BillingSubscriptionsTable>): Promise<void> {
  const { id: _id, ...changes } = row;
  await trx
    .insertInto('billing_subscriptions')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ ...changes, synced_at: new Date() }))
    .execute();
}

/** Accounts still on a paid tier through a subscription past_due since before `cutoff`. */
export async function selectUsersPastDueSince(db: Executor, cutoff: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('billing_subscriptions')
    .innerJoin('users', 'users.id', 'billing_subscriptions.user_id')
    .select('billing_subscriptions.user_id')
    .distinct()
    .where('billing_subscriptions.status', '=', 'past_due')
    .where('billing_subscriptions.past_due_since', '<', cutoff)
    .where('users.tier', '!=', 'free')
    .execute();
  return rows.map((row) => row.user_id);
}
