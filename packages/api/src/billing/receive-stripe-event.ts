// POST /api/billing/webhook: Stripe's events, verified on the raw bytes before anything
// in them is believed, then recorded by event id and their work queued in the same
// transaction. A redelivered event meets its own id and does nothing; the work itself
// (re-reading the subscription from Stripe, mailing a failed payment) runs in the
// general worker, so Stripe gets its 2xx at once.
import type Stripe from 'stripe';
import type { Trx } from '@castwright/core/db/connect';
import { AppError } from '@castwright/core/errors';
import { isUserId } from '@castwright/core/ids';
import { addJob, SYSTEM_ACCOUNT } from '@castwright/core/jobs';
import { insertBillingEvent } from '@castwright/core/repositories/billing-events';
import { insertStripeCustomer, selectUserIdByStripeCustomer } from '@castwright/core/repositories/billing-customers';
import { selectUserById } from '@castwright/core/repositories/users';
import { notConfigured, requireStripe, type BillingServices } from './stripe-access.ts';

/** Stripe's recommended window: an event signed longer ago than this is refused (replays). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

type Effect =
  | { kind: 'sync'; subscriptionId: string; customerId: string | undefined; claimedUserId?: string }
  | { kind: 'payment-failed'; invoiceId: string; customerId: string | undefined };

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

/** What an event asks of us; undefined for events we do not act on. */
function effectOf(event: Stripe.Event): Effect | undefined {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      if (session.mode !== 'subscription' || !subscriptionId) return undefined;
      const claimedUserId = isUserId(session.client_reference_id) ? session.client_reference_id : undefined;
      return { kind: 'sync', subscriptionId, customerId: idOf(session.customer), claimedUserId };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return { kind: 'sync', subscriptionId: event.data.object.id, customerId: idOf(event.data.object.customer) };
    case 'invoice.payment_failed': {
      const invoiceId = event.data.object.id;
      return invoiceId ? { kind: 'payment-failed', invoiceId, customerId: idOf(event.data.object.customer) } : undefined;
    }
    default:
      return undefined;
  }
}

function verify(stripe: Stripe, body: Buffer, signature: string | undefined, secret: string): Stripe.Event {
  try {
    return stripe.webhooks.constructEvent(body, signature ?? '', secret, SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : 'unreadable event';
    throw new AppError('invalidSignature', `The Stripe-Signature header does not verify this body: ${reason}`);
  }
}

/** The account an event is about: our customer, or (at checkout) the user the session was opened for. */
async function ownerOf(trx: Trx, effect: Effect): Promise<string | undefined> {
  const byCustomer = effect.customerId && (await selectUserIdByStripeCustomer(trx, effect.customerId));
  if (byCustomer) return byCustomer;
  if (effect.kind !== 'sync' || !effect.claimedUserId || !(await selectUserById(trx, effect.claimedUserId))) return undefined;
  if (effect.customerId) await insertStripeCustomer(trx, effect.claimedUserId, effect.customerId);
  return effect.claimedUserId;
}

/** Stripe and the webhook secret, or a 503 naming the missing setting (Stripe retries later). */
export function requireWebhookSecret(services: BillingServices) {
  const configured = requireStripe(services);
  if (!configured.settings.webhookSecret) throw notConfigured('STRIPE_WEBHOOK_SECRET');
  return { ...configured, secret: configured.settings.webhookSecret };
}

/** `queueing.fair`: the api's FAIR_SCHEDULING (core/jobs.ts). */
export async function receiveStripeEvent(services: BillingServices, body: Buffer, signature: string | undefined, queueing: { fair: boolean }): Promise<EventOutcome> {
  const { db, stripe, secret } = requireWebhookSecret(services);
  const event = verify(stripe, body, signature, secret);
  const effect = effectOf(event);
  if (!effect) return 'ignored';
  return db.transaction().execute(async (trx) => {
    const userId = await ownerOf(trx, effect);
    const fresh = await insertBillingEvent(trx, { id: event.id, type: event.type, created: new Date(event.created * 1000), userId });
    if (!fresh) return 'duplicate';
    if (effect.kind === 'sync') {
      // One run at a time per subscription, and a burst of events for it folds into one run:
      // each run reads Stripe's latest state, so the last one to run is never stale.
      await addJob(trx, 'billing:sync-subscription', { subscriptionId: effect.subscriptionId }, {
        // A subscription checkout has not tied to an account yet is the system's work.
        account: userId ?? SYSTEM_ACCOUNT,
        jobKey: `billing:sync:${effect.subscriptionId}`,
        queueName: `billing:${effect.subscriptionId}`,
        fair: queueing.fair,
      });
    } else if (userId) {
      await addJob(trx, 'billing:payment-failed-email', { eventId: event.id, invoiceId: effect.invoiceId }, { account: userId, fair: queueing.fair });
    }
    return 'applied';
  });
}
