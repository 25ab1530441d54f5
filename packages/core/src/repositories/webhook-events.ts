// Webhook events: the outbox rows deliveries are made from, and their settling.
import { sql } from 'kysely';
import type { Executor, Trx } from '../db/connect.ts';
import type { WebhookEventRow, WebhookEventStatus } from '../db/schema.ts';

export interface NewWebhookEvent {
  id: string;
  webhook_id: string;
  event: string;
  episode_id: string | null;
  /** The published revision an `episode.updated` reports (0 otherwise): one such event per revision. */
  revision?: number;
  body: string;
}

/** The new event's id, or undefined when this episode's event was already recorded for the webhook. */
export async function insertWebhookEvent(trx: Trx, event: NewWebhookEvent): Promise<string | undefined> {
  const row = await trx
    .insertInto('webhook_events')
    .values(event)
    .onConflict((conflict) => conflict.columns(['webhook_id', 'episode_id', 'event', 'revision']).where('episode_id', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The event, locked until the transaction ends: its attempts begin and settle one at a time. */
export async function lockWebhookEvent(trx: Trx, id: string): Promise<WebhookEventRow | undefined> {
  return trx.selectFrom('webhook_events').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The event's attempt tallies (and when the next attempt is due) after an attempt ended. */
export async function updateEventAttempts(
  trx: Trx,
  id: string,
  tallies: { attempts_counted: number; attempts_interrupted?: number; next_attempt_at?: Date },
): Promise<void> {
  await trx.updateTable('webhook_events').set(tallies).where('id', '=', id).execute();
}

export async function updateWebhookEventSettled(trx: Trx, id: string, status: Exclude<WebhookEventStatus, 'pending'>, attemptsCounted: number): Promise<void> {
  await trx
    .updateTable('webhook_events')
    .set({ status, attempts_counted: attemptsCounted, settled_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

export async function selectWebhookEvent(db: Executor, id: string): Promise<WebhookEventRow | undefined> {
  return db.selectFrom('webhook_events').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteWebhookEvent(trx: Trx, id: string): Promise<void> {
  await trx.deleteFrom('webhook_events').where('id', '=', id).execute();
}
