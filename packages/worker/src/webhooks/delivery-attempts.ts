// The life of one delivery attempt, around the request itself:
// - begin (one transaction, the event row locked): check that this job is still the one
//   due (a stale copy of an earlier job finds its attempt taken), close an attempt a dead
//   worker left in flight, and record the new attempt BEFORE anything is sent;
// - settle (one transaction): complete the attempt's record (only if it is still in
//   flight: a run superseded after a stall records nothing more), then either settle the
//   event or queue the next attempt with its run_at, and update the webhook's health.
// So every attempt has a record, every event ends settled, and no step happens twice.
import type { Trx } from '@castwright/core/db/connect';
import type { WebhookDeliveryRow, WebhookEventRow, WebhookRow } from '@castwright/core/db/schema';
import { newId } from '@castwright/core/ids';
import { addJob } from '@castwright/core/jobs';
import {
  updateInterruptedAttemptsClosed,
  updateDeliveryAttemptFinished,
  insertDeliveryAttempt,
  type AttemptOutcome,
} from '@castwright/core/repositories/webhook-deliveries';
import { lockWebhookEvent, updateEventAttempts, updateWebhookEventSettled } from '@castwright/core/repositories/webhook-events';
import { selectWebhook, updateWebhookFailuresCleared } from '@castwright/core/repositories/webhooks';
import { notifyDelivery } from '@castwright/core/webhooks/delivery-notice';
import { TEST_EVENT } from '@castwright/core/webhooks/webhook-events';
import { WEBHOOK_LIMITS, webhookQueueName } from '@castwright/core/webhooks/webhook-limits';
import type { WorkerContext } from '../worker-context.ts';
import { retryDelayMs } from './retry-schedule.ts';
import { recordWebhookFailure } from './webhook-health.ts';

const INTERRUPTED_REASON = 'The worker sending this attempt stopped before an answer was recorded';

export interface BegunAttempt {
  event: WebhookEventRow;
  webhook: WebhookRow;
  delivery: WebhookDeliveryRow;
  /** Attempts already counted against the event before this one. */
  counted: number;
}

const isTest = (event: WebhookEventRow) => event.event === TEST_EVENT;
/** A test is one attempt, sent while its caller waits; events get the first attempt and three retries. */
const attemptsAllowed = (event: WebhookEventRow) => (isTest(event) ? 1 : WEBHOOK_LIMITS.attemptsPerEvent);

/** The attempt to send now, recorded; undefined when there is nothing (more) to send. */
export async function beginAttempt(context: WorkerContext, eventId: string, attempt: number): Promise<BegunAttempt | undefined> {
  return context.db.transaction().execute(async (trx) => {
    const event = await lockWebhookEvent(trx, eventId);
    if (!event || event.status !== 'pending' || event.attempts_counted !== attempt - 1) return undefined;
    const webhook = await selectWebhook(trx, event.webhook_id);
    if (!webhook) return undefined;
    if (!isTest(event) && !webhook.is_active) {
      // Turned off (by its owner or by failures) while the event waited: it is not sent.
      await updateWebhookEventSettled(trx, event.id, 'cancelled', event.attempts_counted);
      return undefined;
    }
    const counted = await closeInterrupted(context, trx, event);
    if (counted === undefined) return undefined;
    const delivery = await insertDeliveryAttempt(trx, { id: newId('webhookDelivery'), event_id: event.id, webhook_id: webhook.id });
    if (isTest(event)) await notifyDelivery(trx, event.id);
    return { event, webhook, delivery, counted };
  });
}

/**
 * Closes an attempt left in flight by a worker that died. The first few such attempts of
 * an event do not count against its attempts (the worker failed, not the receiver);
 * later ones do, so an event that kills its workers still ends. Returns the attempts
 * counted so far, or undefined when that settled the event.
 */
async function closeInterrupted(context: WorkerContext, trx: Trx, event: WebhookEventRow): Promise<number | undefined> {
  const closed = await updateInterruptedAttemptsClosed(trx, event.id, INTERRUPTED_REASON);
  if (closed === 0) return event.attempts_counted;
  const interrupted = event.attempts_interrupted + closed;
  const forgiven = (count: number) => Math.min(count, WEBHOOK_LIMITS.forgivenInterruptions);
  const counted = event.attempts_counted + (interrupted - forgiven(interrupted)) - (event.attempts_interrupted - forgiven(event.attempts_interrupted));
  await updateEventAttempts(trx, event.id, { attempts_counted: counted, attempts_interrupted: interrupted });
  context.logger.warn({ eventId: event.id, interrupted, counted }, 'a webhook attempt was cut short by its worker; recorded as interrupted');
  if (counted < attemptsAllowed(event)) return counted;
  await failEvent(context, trx, event, counted, INTERRUPTED_REASON);
  return undefined;
}

/** Records the attempt's outcome and what follows from it. */
export async function settleAttempt(context: WorkerContext, begun: BegunAttempt, outcome: AttemptOutcome & { retryAfterMs: number | undefined }): Promise<void> {
  await context.db.transaction().execute(async (trx) => {
    const finished = await updateDeliveryAttemptFinished(trx, begun.delivery.id, outcome);
    if (!finished) {
      context.logger.warn({ eventId: begun.event.id, deliveryId: begun.delivery.id }, 'this webhook attempt was taken over by another worker; its outcome is discarded');
      return;
    }
    const event = await lockWebhookEvent(trx, begun.event.id);
    if (!event || event.status !== 'pending') return;
    if (isTest(event)) await notifyDelivery(trx, event.id);
    const counted = event.attempts_counted + 1;
    if (outcome.success) {
      await updateWebhookEventSettled(trx, event.id, 'delivered', counted);
      await updateWebhookFailuresCleared(trx, event.webhook_id);
      return;
    }
    if (counted < attemptsAllowed(event)) {
      const nextAttemptAt = new Date(Date.now() + retryDelayMs(counted, context.config.webhooks.retryBaseMs, outcome.retryAfterMs));
      await updateEventAttempts(trx, event.id, { attempts_counted: counted, next_attempt_at: nextAttemptAt });
      await addJob(trx, 'webhook:deliver', { eventId: event.id, attempt: counted + 1 }, { account: begun.webhook.user_id, runAt: nextAttemptAt, queueName: webhookQueueName(event.webhook_id), fair: context.config.fairScheduling });
      return;
    }
    await failEvent(context, trx, event, counted, describeOutcome(outcome));
  });
}

/** Every attempt failed: the event is settled as failed, and (except for a test) the webhook's health changes. */
async function failEvent(context: WorkerContext, trx: Trx, event: WebhookEventRow, counted: number, lastOutcome: string): Promise<void> {
  await updateWebhookEventSettled(trx, event.id, 'failed', counted);
  if (isTest(event)) return;
  await recordWebhookFailure(context, trx, { id: event.webhook_id, event: event.event, eventId: event.id, lastOutcome });
}

function describeOutcome(outcome: AttemptOutcome): string {
  if (outcome.statusCode === null) return outcome.error ?? 'no answer';
  return outcome.error ? `HTTP ${outcome.statusCode}: ${outcome.error}` : `HTTP ${outcome.statusCode}`;
}
