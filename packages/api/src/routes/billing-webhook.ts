// POST /api/billing/webhook: Stripe's events. In a plugin of its own, because the
// signature covers the exact bytes Stripe sent: here (and only here) a JSON body is
// kept as the raw Buffer, never parsed and re-serialised before it is verified.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '@castwright/core/errors';
import { receiveStripeEvent, requireWebhookSecret } from '../billing/receive-stripe-event.ts';
import type { BillingServices } from '../billing/stripe-access.ts';
import { WebhookHeaders, StripeEventReceipt } from '../schemas/billing.ts';
import { errorResponses } from '../schemas/common.ts';
import type { ApiServices } from '../services.ts';

/** Stripe's events are a few kilobytes; this leaves ample room and no more. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export function billingWebhookRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const billing: BillingServices = { db: services.db, billing: services.config.billing, stripe: services.stripe };
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

    app.post('/api/billing/webhook', {
      // Before the body and headers are looked at: an unconfigured server says so (503).
      onRequest: async () => void requireWebhookSecret(billing),
      schema: {
        tags: ['billing'],
        summary: 'Receives Stripe events (called by Stripe, not by clients)',
        description:
          'Verified with STRIPE_WEBHOOK_SECRET on the raw body (400 on any mismatch, a missing header, or a signature older than 300 s). ' +
          'Acts on checkout.session.completed, customer.subscription.created/updated/deleted/paused/resumed and invoice.payment_failed; ' +
          'each event id once. 503 without STRIPE_SECRET_KEY or STRIPE_WEBHOOK_SECRET, so Stripe retries later.',
        headers: WebhookHeaders,
        response: { 200: StripeEventReceipt, ...errorResponses(400, 413, 415, 503) },
      },
    }, async (request) => {
      if (!Buffer.isBuffer(request.body)) throw AppError.validation('The body must be the JSON event Stripe sent');
      const outcome = await receiveStripeEvent(billing, request.body, request.headers['stripe-signature'], { fair: services.config.fairScheduling });
      return { success: true as const, received: true as const, outcome };
    });
  };
}
