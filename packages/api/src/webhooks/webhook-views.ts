// How webhook and delivery rows look in API responses. The secret is never part of a
// view: only the create answer adds it, once.
import type { DeliveryWithEvent } from '@castwright/core/repositories/webhook-deliveries';
import type { WebhookWithStats } from '@castwright/core/repositories/webhooks';

export function webhookView(webhook: WebhookWithStats) {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    description: webhook.description,
    is_active: webhook.is_active,
    status: !webhook.is_active ? ('inactive' as const) : webhook.failing_since ? ('failing' as const) : ('active' as const),
    failingSince: webhook.failing_since?.toISOString() ?? null,
    consecutiveFailedEvents: webhook.consecutive_failed_events,
    deactivatedAt: webhook.deactivated_at?.toISOString() ?? null,
    deliveryStats: { total: webhook.deliveries_total, successful: webhook.deliveries_successful, failed: webhook.deliveries_failed },
    createdAt: webhook.created_at.toISOString(),
  };
}

/** A finished attempt. */
export function deliveryView(delivery: DeliveryWithEvent) {
  return {
    id: delivery.id,
    event: delivery.event,
    eventId: delivery.event_id,
    statusCode: delivery.status_code,
    duration: delivery.duration_ms ?? 0,
    success: delivery.success === true,
    attemptNumber: delivery.attempt_number,
    deliveredAt: (delivery.finished_at ?? delivery.started_at).toISOString(),
    error: delivery.error,
  };
}
