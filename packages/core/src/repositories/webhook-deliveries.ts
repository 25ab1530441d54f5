// Delivery attempts: recorded before they are sent and completed with their outcome, so
// an attempt cut short by a dead worker leaves a record that the next run closes.
import { sql } from 'kysely';
import type { Executor, Trx } from '../db/connect.ts';
import type { WebhookDeliveryRow } from '../db/schema.ts';

export interface AttemptOutcome {
  statusCode: number | null;
  durationMs: number;
  success: boolean;
  error: string | null;
}

export interface DeliveryWithEvent extends WebhookDeliveryRow {
  event: string;
}

/** Records an attempt about to be sent, numbered after every earlier attempt of the event. */
export async function insertDeliveryAttempt(trx: Trx, delivery: { id: string; event_id: string; webhook_id: string }): Promise<WebhookDeliveryRow> {
  return trx
    .insertInto('webhook_deliveries')
    .values((eb) => ({
      ...delivery,
      attempt_number: eb
        .selectFrom('webhook_deliveries')
        .select(sql<number>`coalesce(max(attempt_number), 0) + 1`.as('next'))
        .where('event_id', '=', delivery.event_id),
    }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Closes the event's attempts still marked in flight: their worker died (or stalled past
 * the liveness bound) before recording an answer. Returns how many were closed.
 */
export async function updateInterruptedAttemptsClosed(trx: Trx, eventId: string, reason: string): Promise<number> {
  const result = await trx
    .updateTable('webhook_deliveries')
    .set({ finished_at: sql`now()`, success: false, error: reason })
    .where('event_id', '=', eventId)
    .where('finished_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Completes an attempt; undefined when it was already closed as interrupted (this run was superseded). */
export async function updateDeliveryAttemptFinished(trx: Trx, id: string, outcome: AttemptOutcome): Promise<WebhookDeliveryRow | undefined> {
  return trx
    .updateTable('webhook_deliveries')
    .set({ finished_at: sql`now()`, status_code: outcome.statusCode, duration_ms: outcome.durationMs, success: outcome.success, error: outcome.error })
    .where('id', '=', id)
    .where('finished_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** The webhook's finished attempts, newest first, with their event's name. */
export async function selectDeliveryPage(db: Executor, query: { webhookId: string; limit: number; offset: number }): Promise<{ rows: DeliveryWithEvent[]; total: number }> {
  const base = db.selectFrom('webhook_deliveries').where('webhook_deliveries.webhook_id', '=', query.webhookId).where('webhook_deliveries.finished_at', 'is not', null);
  const [rows, count] = await Promise.all([
    base
      .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
      .selectAll('webhook_deliveries')
      .select('webhook_events.event')
      .orderBy('webhook_deliveries.started_at', 'desc')
      .orderBy('webhook_deliveries.id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

/** The latest attempt of an event (in flight or finished), with the event's name. */
export async function selectLatestAttempt(db: Executor, eventId: string): Promise<DeliveryWithEvent | undefined> {
  return db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
    .selectAll('webhook_deliveries')
    .select('webhook_events.event')
    .where('webhook_deliveries.event_id', '=', eventId)
    .orderBy('webhook_deliveries.attempt_number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function countAttempts(db: Executor, eventId: string): Promise<number> {
  const row = await db.selectFrom('webhook_deliveries').select(sql<number>`count(*)::int`.as('n')).where('event_id', '=', eventId).executeTakeFirstOrThrow();
  return row.n;
}
