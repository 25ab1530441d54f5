// Reading webhooks (never their secrets) and their delivery records. One webhook's view
// is what its ETag is made of; conditional changes check it (`checkWebhookIfMatch`, under
// the webhook's lock). The view counts deliveries, so the tag moves with them too.
import type { Db, Executor, Trx } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { selectDeliveryPage } from '@castwright/core/repositories/webhook-deliveries';
import { lockWebhook, selectOwnWebhook, selectWebhooksWithStats } from '@castwright/core/repositories/webhooks';
import { requireIfMatch, viewEtag } from '../http/preconditions.ts';
import { ownedOr404 } from '../owned-or-404.ts';
import { deliveryView, webhookView } from './webhook-views.ts';

export async function listWebhooks(db: Db, user: UserRow) {
  return (await selectWebhooksWithStats(db, user.id)).map(webhookView);
}

export async function readWebhook(db: Executor, user: UserRow, id: string) {
  return webhookView(await ownedOr404('webhook', selectOwnWebhook(db, user.id, id)));
}

/** Locks the webhook for a change first; 404 when it is not the caller's, 412 when `ifMatch` names no current tag. */
export async function checkWebhookIfMatch(trx: Trx, user: UserRow, id: string, ifMatch: string | undefined): Promise<void> {
  await lockWebhook(trx, id);
  const current = await readWebhook(trx, user, id);
  if (ifMatch !== undefined) requireIfMatch(ifMatch, viewEtag(current), 'webhook');
}

/** The webhook's finished attempts, newest first. */
export async function listDeliveries(db: Db, user: UserRow, id: string, page: { limit: number; offset: number }) {
  const webhook = await ownedOr404('webhook', selectOwnWebhook(db, user.id, id));
  const { rows, total } = await selectDeliveryPage(db, { webhookId: webhook.id, ...page });
  return { deliveries: rows.map(deliveryView), pagination: { total, limit: page.limit, offset: page.offset } };
}
