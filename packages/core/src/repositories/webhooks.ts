// Webhooks: the rows with their delivery counts. Every owner-facing look-up is scoped by
// owner, so another user's webhook reads as missing.
import { sql } from 'kysely';
import type { Executor, Trx } from '../db/connect.ts';
import type { WebhookRow } from '../db/schema.ts';

export interface WebhookWithStats extends WebhookRow {
  deliveries_total: number;
  deliveries_successful: number;
  deliveries_failed: number;
}

export interface NewWebhookRow {
  id: string;
  user_id: string;
  url: string;
  events: string[];
  description: string;
  secret_ciphertext: string;
}

export async function insertWebhook(trx: Trx, webhook: NewWebhookRow): Promise<WebhookRow> {
  return trx.insertInto('webhooks').values(webhook).returningAll().executeTakeFirstOrThrow();
}

export async function countWebhooks(db: Executor, userId: string): Promise<number> {
  const row = await db.selectFrom('webhooks').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return row.n;
}

/** Finished attempts only: one in flight has no outcome yet. */
function withStats(db: Executor) {
  return db
    .selectFrom('webhooks')
    .selectAll('webhooks')
    .select([
      sql<number>`(SELECT count(*)::int FROM webhook_deliveries d WHERE d.webhook_id = webhooks.id AND d.finished_at IS NOT NULL)`.as('deliveries_total'),
      sql<number>`(SELECT count(*)::int FROM webhook_deliveries d WHERE d.webhook_id = webhooks.id AND d.success)`.as('deliveries_successful'),
      sql<number>`(SELECT count(*)::int FROM webhook_deliveries d WHERE d.webhook_id = webhooks.id AND d.finished_at IS NOT NULL AND NOT d.success)`.as('deliveries_failed'),
    ]);
}

export async function selectOwnWebhook(db: Executor, userId: string, id: string): Promise<WebhookWithStats | undefined> {
  return withStats(db).where('webhooks.id', '=', id).where('webhooks.user_id', '=', userId).executeTakeFirst();
}

/** Every webhook of a user, newest first (an account holds a handful: no paging). */
export async function selectWebhooksWithStats(db: Executor, userId: string): Promise<WebhookWithStats[]> {
  return withStats(db).where('webhooks.user_id', '=', userId).orderBy('webhooks.created_at', 'desc').orderBy('webhooks.id', 'desc').execute();
}

export interface WebhookChanges {
  url?: string | undefined;
  events?: string[] | undefined;
  description?: string | undefined;
  is_active?: boolean | undefined;
}

/**
 * The owner's edits. Turning a webhook on again starts its failure count afresh (it
 * stays marked failing until a delivery succeeds).
 */
export async function updateWebhook(db: Executor, userId: string, id: string, changes: WebhookChanges): Promise<boolean> {
  const reactivated = changes.is_active === true ? { consecutive_failed_events: 0, deactivated_at: null } : {};
  const result = await db
    .updateTable('webhooks')
    .set({ ...changes, ...reactivated, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the webhook with its events and delivery records (cascades). */
export async function deleteWebhook(db: Executor, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('webhooks').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The user's active webhooks subscribed to `event`, held (KEY SHARE) until the caller's
 * transaction ends, so a webhook deleted meanwhile waits instead of failing the insert
 * of its event (and with it the episode's own change).
 */
export async function selectSubscribedWebhooks(trx: Trx, userId: string, event: string): Promise<Pick<WebhookRow, 'id'>[]> {
  return trx
    .selectFrom('webhooks')
    .select('id')
    .where('user_id', '=', userId)
    .where('is_active', '=', true)
    .where(sql<boolean>`events @> ARRAY[${event}]::text[]`)
    .orderBy('id')
    .forKeyShare()
    .execute();
}

export async function selectWebhook(db: Executor, id: string): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The webhook, locked until the transaction ends: its failure state changes one event at a time. */
export async function lockWebhook(trx: Trx, id: string): Promise<WebhookRow | undefined> {
  return trx.selectFrom('webhooks').selectAll().where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
}

/** A delivery succeeded: the webhook is healthy again. */
export async function updateWebhookFailuresCleared(trx: Trx, id: string): Promise<void> {
  await trx
    .updateTable('webhooks')
    .set({ failing_since: null, consecutive_failed_events: 0 })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('failing_since', 'is not', null), eb('consecutive_failed_events', '>', 0)]))
    .execute();
}

/** The state after one more event failed for good: marked failing, and turned off once `deactivate` says so. */
export async function updateWebhookFailing(trx: Trx, id: string, changes: { failingSince: Date; deactivate: boolean }): Promise<WebhookRow> {
  return trx
    .updateTable('webhooks')
    .set((eb) => ({
      consecutive_failed_events: eb('consecutive_failed_events', '+', 1),
      failing_since: changes.failingSince,
      ...(changes.deactivate && { is_active: false, deactivated_at: sql<Date>`now()` }),
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
