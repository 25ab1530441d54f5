// Reading webhooks (never their secrets) and their delivery records.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { selectDeliveryPage } from '@castwright/core/repositories/webhook-deliveries';
import { selectOwnWebhook, selectWebhooksWithStats } from '@castwright/core/repositories/webhooks';
import { ownedOr404 } from '../owned-or-404.ts';
import { deliveryView, webhookView } from './webhook-views.ts';

export async function listWebhooks(db: Db, user: UserRow) {
  return (await selectWebhooksWithStats(db, user.id)).map(webhookView);
}

export async function readWebhook(db: Db, user: UserRow, id: string) {
  return webhookView(await ownedOr404('webhook', selectOwnWebhook(db, user.id, id)));
}

/** The webhook's finished attempts, newest first. */
export async function listDeliveries(db: Db, user: UserRow, id: string, page: { limit: number; offset: number }) {
  const webhook = await ownedOr404('webhook', selectOwnWebhook(db, user.id, id));
  const { rows, total } = await selectDeliveryPage(db, { webhookId: webhook.id, ...page });
  return { deliveries: rows.map(deliveryView), pagination: { total, limit: page.limit, offset: page.offset } };
}
