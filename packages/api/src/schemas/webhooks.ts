// Request and response shapes of the webhook endpoints. Field names follow the interface
// (`is_active` in snake_case, the rest camelCase).
import Type from 'typebox';
import { WEBHOOK_EVENTS } from '@castwright/core/webhooks/webhook-events';
import { WEBHOOK_LIMITS } from '@castwright/core/webhooks/webhook-limits';
import { Nullable, Pagination, Timestamp } from './common.ts';

const Url = Type.String({ minLength: 1, maxLength: WEBHOOK_LIMITS.urlMaxLength, description: 'An https:// address reachable from the internet' });
const Events = Type.Array(Type.String({ maxLength: 100 }), {
  minItems: 1,
  maxItems: 20,
  description: `Event names: ${WEBHOOK_EVENTS.join(', ')}`,
});
const Description = Type.String({ maxLength: WEBHOOK_LIMITS.descriptionMaxLength });

export const CreateWebhookBody = Type.Object(
  { url: Url, events: Type.Optional(Events), description: Type.Optional(Description) },
  { additionalProperties: false, description: `\`events\` defaults to every event (${WEBHOOK_EVENTS.join(', ')})` },
);

export const UpdateWebhookBody = Type.Object(
  { url: Type.Optional(Url), events: Type.Optional(Events), description: Type.Optional(Description), is_active: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1, description: 'At least one of url, events, description and is_active' },
);

export const WebhookParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const DeliveriesQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  offset: Type.Integer({ minimum: 0, default: 0 }),
});

const webhookFields = {
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  description: Type.String(),
  is_active: Type.Boolean(),
  status: Type.Enum(['active', 'failing', 'inactive'], {
    description: '`failing`: every attempt of an event failed and no delivery has succeeded since (events are still sent); `inactive`: turned off (is_active false), by you or after repeated failures',
  }),
  failingSince: Nullable(Timestamp),
  consecutiveFailedEvents: Type.Integer({ minimum: 0, description: `Events in a row whose every attempt failed; at ${WEBHOOK_LIMITS.failedEventsBeforeDeactivation} the webhook is turned off` }),
  deactivatedAt: Nullable(Type.String({ format: 'date-time', description: 'When repeated failures turned the webhook off; null otherwise' })),
  deliveryStats: Type.Object({ total: Type.Integer(), successful: Type.Integer(), failed: Type.Integer() }, { description: 'Finished delivery attempts' }),
  createdAt: Timestamp,
};

const WebhookView = Type.Object(webhookFields);

export const WebhookReply = Type.Object({ success: Type.Literal(true), webhook: WebhookView });

export const CreatedWebhookReply = Type.Object({
  success: Type.Literal(true),
  webhook: Type.Object({ ...webhookFields, secret: Type.String({ pattern: '^whsec_', description: 'Shown only in this answer', examples: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'] }) }),
  message: Type.String(),
});

export const WebhookList = Type.Object({ success: Type.Literal(true), webhooks: Type.Array(WebhookView) });

const DeliveryView = Type.Object({
  id: Type.String(),
  event: Type.String(),
  eventId: Type.String({ description: 'The `webhook-id` header sent: the same on every attempt of one event' }),
  statusCode: Nullable(Type.Integer({ description: "The receiver's HTTP status; null when there was no HTTP answer" })),
  duration: Type.Integer({ minimum: 0, description: 'Milliseconds from sending to the answer (or the failure)' }),
  success: Type.Boolean(),
  attemptNumber: Type.Integer({ minimum: 1 }),
  deliveredAt: Timestamp,
  error: Nullable(Type.String({ description: 'Why the attempt failed without a usable answer (refused address, timeout, reset, redirect, …)' })),
});

export const DeliveryList = Type.Object({ success: Type.Literal(true), deliveries: Type.Array(DeliveryView), pagination: Pagination });

export const TestDeliveryReply = Type.Object({ success: Type.Literal(true), message: Type.String(), delivery: DeliveryView });
