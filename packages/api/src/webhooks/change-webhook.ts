// Editing a webhook (PATCH) and deleting it with its events and delivery records.
import type { Config } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { deleteWebhook, selectOwnWebhook, updateWebhook } from '@castwright/core/repositories/webhooks';
import { ownedOr404 } from '../owned-or-404.ts';
import { checkWebhookEvents, checkWebhookUrl } from './webhook-input.ts';
import { webhookView } from './webhook-views.ts';

export interface WebhookEdit {
  url?: string | undefined;
  events?: string[] | undefined;
  description?: string | undefined;
  is_active?: boolean | undefined;
}

export async function editWebhook(services: { db: Db; config: Config }, user: UserRow, id: string, edit: WebhookEdit) {
  const changes = {
    url: edit.url === undefined ? undefined : checkWebhookUrl(edit.url, services.config.outboundAllowPrivate),
    events: edit.events === undefined ? undefined : checkWebhookEvents(edit.events),
    description: edit.description?.trim(),
    is_active: edit.is_active,
  };
  await ownedOr404('webhook', updateWebhook(services.db, user.id, id, changes));
  return webhookView(await ownedOr404('webhook', selectOwnWebhook(services.db, user.id, id)));
}

export async function removeWebhook(db: Db, user: UserRow, id: string): Promise<void> {
  await ownedOr404('webhook', deleteWebhook(db, user.id, id));
}
