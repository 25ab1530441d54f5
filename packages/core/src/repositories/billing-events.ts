// Stripe events accepted, by Stripe's event id: recording one is what makes its effect
// happen at most once, because a redelivery conflicts on the id.
import type { Executor, Trx } from '../db/connect.ts';

/** Records the event; false when it was recorded before (a redelivery: do nothing). */
export async function insertBillingEvent(
  trx: Trx,
  event: { id: string; type: string; created: Date; userId: string | undefined },
): Promise<boolean> {
  const row = await trx
    .insertInto('billing_events')
    .values({ id: event.id, type: event.type, stripe_created_at: event.created, user_id: event.userId ?? null })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function selectBillingEvent(db: Executor, id: string) {
  return db.selectFrom('billing_events').select(['id', 'type', 'user_id', 'notified_at']).where('id', '=', id).executeTakeFirst();
}

/**
 * Marks the event's notice as sent, if nobody has: the row stays locked until the caller's
 * transaction ends, so a second run of the same job waits, then finds it taken. Returns
 * the user to notify, or undefined when the notice is taken (or the account is gone).
 */
export async function claimEventNotice(trx: Trx, id: string): Promise<{ userId: string } | undefined> {
  const row = await trx
    .updateTable('billing_events')
    .set({ notified_at: new Date() })
    .where('id', '=', id)
    .where('notified_at', 'is', null)
    .where('user_id', 'is not', null)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ? { userId: row.user_id } : undefined;
}
