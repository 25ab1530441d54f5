// Editing a webhook (PATCH) and deleting it with its events and delivery records, each
// under the webhook's lock, where an If-Match is checked.
import type { Config } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { deleteWebhook, updateWebhook } from '@castwright/core/repositories/webhooks';
import { checkWebhookIfMatch, readWebhook } from './read-webhooks.ts';
import { checkWebhookEvents, checkWebhookUrl } from './webhook-input.ts';

export interface WebhookEdit {
  url?: string | undefined;
  events?: string[] | undefined;
  description?: string | undefined;
  is_active?: boolean | undefined;
}

export async function editWebhook(services: { db: Db; config: Config }, user: UserRow, id: string, edit: WebhookEdit, ifMatch: string | undefined) {
  const changes = {
    url: edit.url === undefined ? undefined : checkWebhookUrl(edit.url, services.config.outboundAllowPrivate),
    events: edit.events === undefined ? undefined : checkWebhookEvents(edit.events),
    description: edit.description?.trim(),
    is_active: edit.is_active,
  };
  return services.db.transaction().execute(async (trx) => {
    await checkWebhookIfMatch(trx, user, id, ifMatch);
    await updateWebhook(trx, user.id, id, changes);
    return readWebhook(trx, user, id);
  });
}

export async function removeWebhook(db: Db, user: UserRow, id: string, ifMatch: string | undefined): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await checkWebhookIfMatch(trx, user, id, ifMatch);
    await deleteWebhook(trx, user.id, id);
  });
}
