// The caller's own webhook, or 404: another user's webhook is never acknowledged.
import type { Db } from '@castwright/core/db/connect';
import { AppError } from '@castwright/core/errors';
import { selectOwnWebhook, type WebhookWithStats } from '@castwright/core/repositories/webhooks';

export function webhookNotFound(): AppError {
  return new AppError('notFound', 'Webhook not found');
}

export async function ownWebhook(db: Db, userId: string, id: string): Promise<WebhookWithStats> {
  const webhook = await selectOwnWebhook(db, userId, id);
  if (!webhook) throw webhookNotFound();
  return webhook;
}
