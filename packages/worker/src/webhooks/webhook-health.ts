// A webhook's health, changed in the transaction that settles an event: a success clears
// the failing state; an event whose every attempt failed marks the webhook failing (its
// owner is e-mailed once per failing spell) and, after enough such events in a row, turns
// it off (e-mailed once). The mails go through the outbox with keys made from the state
// change itself, so a settle that runs twice cannot mail twice.
import { publicBaseUrl } from '@castwright/core/config';
import type { Trx } from '@castwright/core/db/connect';
import { queueMail } from '@castwright/core/mail/queue-mail';
import { selectUserById } from '@castwright/core/repositories/users';
import { lockWebhook, updateWebhookFailing } from '@castwright/core/repositories/webhooks';
import { WEBHOOK_LIMITS } from '@castwright/core/webhooks/webhook-limits';
import { webhookDeactivatedEmail, webhookFailingEmail, type FailedWebhook } from '../email/webhook-emails.ts';
import type { WorkerContext } from '../worker-context.ts';

export async function recordWebhookFailure(context: WorkerContext, trx: Trx, failed: Omit<FailedWebhook, 'url'>): Promise<void> {
  const webhook = await lockWebhook(trx, failed.id);
  if (!webhook) return;
  const startsFailing = webhook.failing_since === null;
  const deactivate = webhook.is_active && webhook.consecutive_failed_events + 1 >= WEBHOOK_LIMITS.failedEventsBeforeDeactivation;
  const updated = await updateWebhookFailing(trx, webhook.id, { failingSince: webhook.failing_since ?? new Date(), deactivate });
  if (!startsFailing && !deactivate) return;
  const owner = await selectUserById(trx, webhook.user_id);
  if (!owner) return;
  const baseUrl = publicBaseUrl(context.config);
  const details = { ...failed, url: webhook.url };
  if (startsFailing && updated.failing_since) {
    await queueMail(trx, { ...webhookFailingEmail(owner.email, baseUrl, details), dedupeKey: `webhook-failing:${webhook.id}:${updated.failing_since.getTime()}` }, { account: owner.id, fair: context.config.fairScheduling });
  }
  if (deactivate && updated.deactivated_at) {
    await queueMail(trx, { ...webhookDeactivatedEmail(owner.email, baseUrl, details), dedupeKey: `webhook-deactivated:${webhook.id}:${updated.deactivated_at.getTime()}` }, { account: owner.id, fair: context.config.fairScheduling });
  }
  context.logger.warn({ webhookId: webhook.id, consecutiveFailedEvents: updated.consecutive_failed_events, deactivated: deactivate }, 'webhook event failed for good');
}
