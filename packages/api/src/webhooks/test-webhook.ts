// POST /api/webhooks/:id/test. The api never sends to a receiver itself: it records a
// `webhook.test` event with its job (one transaction) and waits for a general worker to
// deliver it, woken by the worker's NOTIFY and reading the recorded attempt. A worker
// must pick it up within 15 seconds; if none does, the test is withdrawn (it is never sent
// later) and the answer is 503. A receiver that cannot be reached is still a 200 from us:
// the delivery says why.
// With an Idempotency-Key the event's id is the request's checkpoint, written with the
// event: a retry after this attempt died (or answered 503 while the delivery was still
// running) waits for that same event instead of sending another.
import type { Config } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { newId } from '@castwright/core/ids';
import { addJob } from '@castwright/core/jobs';
import { countAttempts, selectLatestAttempt } from '@castwright/core/repositories/webhook-deliveries';
import { deleteWebhookEvent, insertWebhookEvent, lockWebhookEvent, selectWebhookEvent } from '@castwright/core/repositories/webhook-events';
import { selectOwnWebhook } from '@castwright/core/repositories/webhooks';
import { TEST_EVENT, testEventBody } from '@castwright/core/webhooks/webhook-events';
import { WEBHOOK_LIMITS } from '@castwright/core/webhooks/webhook-limits';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';
import { notFound, ownedOr404 } from '../owned-or-404.ts';
import type { DeliveryFollower, DeliveryNotices } from './delivery-notices.ts';
import { deliveryView } from './webhook-views.ts';

/** How long a general worker has to start the test. */
const PICKUP_MS = 15_000;
/** Past the attempt's own 10 s limit, for recording its outcome. */
const RECORD_MARGIN_MS = 3_000;

export type TestDelivery = ReturnType<typeof deliveryView>;

export async function testWebhook(services: { db: Db; deliveryNotices: DeliveryNotices; config: Pick<Config, 'fairScheduling'> }, user: UserRow, id: string, answer: AnswerRecorder<TestDelivery>): Promise<TestDelivery> {
  const { db } = services;
  const webhook = await ownedOr404('webhook', selectOwnWebhook(db, user.id, id));
  const eventId = answer.resumeFrom ?? newId('webhookEvent');
  const follower = services.deliveryNotices.follow(eventId);
  try {
    if (answer.resumeFrom === undefined) {
      await db.transaction().execute(async (trx) => {
        await insertWebhookEvent(trx, { id: eventId, webhook_id: webhook.id, event: TEST_EVENT, episode_id: null, body: testEventBody(webhook, new Date()) });
        // No queue: a test is not held behind the webhook's backlog of retries.
        await addJob(trx, 'webhook:deliver', { eventId, attempt: 1 }, { account: user.id, fair: services.config.fairScheduling });
        await answer.checkpoint(trx, eventId);
      });
    }
    const delivery = deliveryView(await recordedAttempt(db, follower, eventId, answer));
    await answer.record(db, delivery);
    return delivery;
  } finally {
    follower.close();
  }
}

async function recordedAttempt(db: Db, follower: DeliveryFollower, eventId: string, answer: AnswerRecorder<TestDelivery>) {
  let deadline = Date.now() + PICKUP_MS;
  let started = false;
  for (;;) {
    const event = await selectWebhookEvent(db, eventId);
    if (!event) throw notFound('webhook'); // the webhook was deleted meanwhile
    const attempt = await selectLatestAttempt(db, eventId);
    if (event.status !== 'pending' && attempt) return attempt;
    if (attempt && !started) {
      started = true;
      deadline = Date.now() + WEBHOOK_LIMITS.attemptTimeoutMs + RECORD_MARGIN_MS;
    }
    if (Date.now() >= deadline) {
      if (!started) {
        if (await withdrawUnstarted(db, eventId, answer)) {
          throw new AppError('unavailable', `No webhook worker picked up the test within ${PICKUP_MS / 1000} seconds, so nothing was sent; try again later`);
        }
        continue; // a worker started it just now
      }
      throw new AppError('unavailable', 'The test delivery did not finish in time; its outcome will be listed under the webhook\'s deliveries');
    }
    await follower.next(deadline - Date.now());
  }
}

/**
 * Deletes the test event if no attempt has begun (a worker beginning one holds the same row
 * lock); then nothing remains for a retry to resume.
 */
async function withdrawUnstarted(db: Db, eventId: string, answer: AnswerRecorder<TestDelivery>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockWebhookEvent(trx, eventId))) return true;
    if ((await countAttempts(trx, eventId)) > 0) return false;
    await deleteWebhookEvent(trx, eventId);
    await answer.checkpoint(trx, null);
    return true;
  });
}
