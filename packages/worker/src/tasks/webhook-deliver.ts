// webhook:deliver — one attempt of one webhook event: recorded, signed, sent through the
// outbound guard, settled (delivered, retried later, or failed for good). Runs only in the
// general worker; each webhook's deliveries share a graphile-worker queue, so a slow
// receiver holds at most one worker slot, for at most 10 seconds an attempt.
import type { Task } from 'graphile-worker';
import { parseJobPayload } from '@castwright/core/jobs';
import type { SecretBox } from '@castwright/core/secret-box';
import { beginAttempt, settleAttempt } from '../webhooks/delivery-attempts.ts';
import { deliveryPolicy, sendAttempt, type SentAttempt } from '../webhooks/send-attempt.ts';
import type { WorkerContext } from '../worker-context.ts';

export function webhookDeliverTask(context: WorkerContext, secrets: SecretBox): Task {
  const policy = deliveryPolicy(context.config.outboundAllowPrivate);
  return async (payload) => {
    const { eventId, attempt } = parseJobPayload('webhook:deliver', payload);
    const begun = await beginAttempt(context, eventId, attempt);
    if (!begun) return;
    let secret: string | undefined;
    try {
      secret = secrets.open(begun.webhook.secret_ciphertext, begun.webhook.id);
    } catch (error) {
      context.logger.error({ err: error, webhookId: begun.webhook.id }, 'a webhook secret could not be decrypted');
    }
    const outcome: SentAttempt = secret === undefined
      ? { statusCode: null, durationMs: 0, success: false, error: "The webhook's signing secret cannot be decrypted with this server's SECRETS_ENCRYPTION_KEY", retryAfterMs: undefined }
      : await sendAttempt(begun.webhook.url, { id: begun.event.id, body: begun.event.body, secret }, policy);
    await settleAttempt(context, begun, outcome);
    context.logger.info(
      { eventId, event: begun.event.event, webhookId: begun.webhook.id, attemptNumber: begun.delivery.attempt_number, statusCode: outcome.statusCode, success: outcome.success, durationMs: outcome.durationMs },
      'webhook attempt sent',
    );
  };
}
