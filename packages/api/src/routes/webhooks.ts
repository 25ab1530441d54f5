// The webhook endpoints (all owner-scoped: another user's webhook is a 404).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { WEBHOOK_EVENTS } from '@castwright/core/webhooks/webhook-events';
import { WEBHOOK_LIMITS } from '@castwright/core/webhooks/webhook-limits';
import { currentUser } from '../plugins/authentication.ts';
import { idempotentAnswer } from '../plugins/idempotent-answer.ts';
import { viewEtag } from '../http/preconditions.ts';
import { errorResponses, IfMatchHeaders, MessageBody } from '../schemas/common.ts';
import { bearer } from '../schemas/security.ts';
import {
  CreatedWebhookReply,
  CreateWebhookBody,
  DeliveriesQuery,
  DeliveryList,
  TestDeliveryReply,
  UpdateWebhookBody,
  WebhookList,
  WebhookParams,
  WebhookReply,
} from '../schemas/webhooks.ts';
import type { ApiServices } from '../services.ts';
import { editWebhook, removeWebhook } from '../webhooks/change-webhook.ts';
import { createWebhook, SECRET_MESSAGE, type CreatedWebhook } from '../webhooks/create-webhook.ts';
import { listDeliveries, listWebhooks, readWebhook } from '../webhooks/read-webhooks.ts';
import { testWebhook, type TestDelivery } from '../webhooks/test-webhook.ts';

export function webhookRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth } = services;
  const common = { tags: ['webhooks'], security: bearer };
  return async (app) => {
    app.post('/api/webhooks', {
      preHandler: auth.requireUser,
      config: { idempotent: true },
      schema: {
        ...common,
        summary: 'Register a webhook',
        description: `\`url\` must be https:// and may not point at a private, loopback or link-local address. \`events\`: any of ${WEBHOOK_EVENTS.join(', ')} (default: all). The answer carries the signing \`secret\`, shown only this once. At most ${WEBHOOK_LIMITS.perAccount} webhooks an account (409 \`Limit reached\`).`,
        body: CreateWebhookBody,
        response: { 201: CreatedWebhookReply, ...errorResponses(400, 401, 409, 429) },
      },
    }, async (request, reply) => {
      const answer = idempotentAnswer(request, reply, 201, (webhook: CreatedWebhook) => ({ success: true as const, webhook, message: SECRET_MESSAGE }));
      await createWebhook(services, currentUser(request), request.body, answer);
      return answer.send();
    });

    app.get('/api/webhooks', {
      preHandler: auth.requireUser,
      schema: { ...common, summary: "The caller's webhooks, newest first, with delivery counts", description: 'Each with its `status` (active, failing or inactive) and `deliveryStats` (attempts in all, successful, failed). Secrets are never listed.', response: { 200: WebhookList, ...errorResponses(401, 429) } },
    }, async (request) => ({ success: true as const, webhooks: await listWebhooks(db, currentUser(request)) }));

    app.get('/api/webhooks/:id', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'One webhook (never its secret)',
        description: 'The webhook with its state and delivery counts; another account\'s webhook is 404. `ETag` names this state (delivery counts included): send it back in `If-Match` to change the webhook only if nothing changed since.',
        params: WebhookParams,
        response: { 200: WebhookReply, ...errorResponses(401, 404, 429) },
      },
    }, async (request, reply) => {
      const webhook = await readWebhook(db, currentUser(request), request.params.id);
      return reply.header('etag', viewEtag(webhook)).send({ success: true as const, webhook });
    });

    app.patch('/api/webhooks/:id', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: "Change a webhook's url, events, description or is_active",
        description: 'The same rules as on creation. Setting `is_active` to true again starts its failure count afresh. With `If-Match`, 412 when the webhook changed since that `ETag`.',
        params: WebhookParams,
        headers: IfMatchHeaders,
        body: UpdateWebhookBody,
        response: { 200: WebhookReply, ...errorResponses(400, 401, 404, 412, 429) },
      },
    }, async (request) => ({ success: true as const, webhook: await editWebhook(services, currentUser(request), request.params.id, request.body, request.headers['if-match']) }));

    app.delete('/api/webhooks/:id', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'Delete a webhook with its delivery records',
        description: 'Deliveries not yet made are dropped with it; nothing more is sent to its address. With `If-Match`, 412 when the webhook changed since that `ETag`.',
        params: WebhookParams,
        headers: IfMatchHeaders,
        response: { 200: MessageBody, ...errorResponses(401, 404, 412, 429) },
      },
    }, async (request) => {
      await removeWebhook(db, currentUser(request), request.params.id, request.headers['if-match']);
      return { success: true as const, message: 'Webhook deleted' };
    });

    app.post('/api/webhooks/:id/test', {
      preHandler: auth.requireUser,
      config: { idempotent: true },
      schema: {
        ...common,
        summary: 'Send a signed webhook.test event now and report the answer',
        description: `A general worker sends it (one attempt, ${WEBHOOK_LIMITS.attemptTimeoutMs / 1000} s at most) while this request waits. A receiver that cannot be reached is still a 200: \`delivery.error\` says why. 503 when no worker picks the test up within 15 seconds (nothing is sent then).`,
        params: WebhookParams,
        response: { 200: TestDeliveryReply, ...errorResponses(401, 404, 429, 503) },
      },
    }, async (request, reply) => {
      const answer = idempotentAnswer(request, reply, 200, (delivery: TestDelivery) => ({
        success: true as const,
        message: delivery.success ? 'The test event was delivered' : 'The test event was not accepted by the receiver',
        delivery,
      }));
      await testWebhook(services, currentUser(request), request.params.id, answer);
      return answer.send();
    });

    app.get('/api/webhooks/:id/deliveries', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: "A webhook's delivery attempts, newest first",
        description: 'Every finished attempt of every event (tests included); retries of one event share `eventId`.',
        params: WebhookParams,
        querystring: DeliveriesQuery,
        response: { 200: DeliveryList, ...errorResponses(400, 401, 404, 429) },
      },
    }, async (request) => ({ success: true as const, ...(await listDeliveries(db, currentUser(request), request.params.id, request.query)) }));
  };
}
