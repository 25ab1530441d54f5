// Client webhooks, the events recorded for them (an outbox) and every delivery attempt.
import type { Selectable } from 'kysely';
import type { Defaulted, NullableTimestamp, Timestamp } from '../column-types.ts';

export interface WebhooksTable {
  id: string;
  user_id: string;
  url: string;
  events: string[];
  description: Defaulted<string>;
  is_active: Defaulted<boolean>;
  /** AES-256-GCM under the server's key (core/secret-box.ts); never the secret itself. */
  secret_ciphertext: string;
  failing_since: NullableTimestamp;
  consecutive_failed_events: Defaulted<number>;
  deactivated_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type WebhookEventStatus = 'pending' | 'delivered' | 'failed' | 'cancelled';

export interface WebhookEventsTable {
  /** Sent as `webhook-id`: the same on every attempt. */
  id: string;
  webhook_id: string;
  event: string;
  episode_id: string | null;
  /** The published revision an `episode.updated` event reports; 0 for every other event. */
  revision: Defaulted<number>;
  /** The exact JSON body every attempt sends and signs. */
  body: string;
  status: Defaulted<WebhookEventStatus>;
  attempts_counted: Defaulted<number>;
  attempts_interrupted: Defaulted<number>;
  next_attempt_at: Timestamp;
  created_at: Timestamp;
  settled_at: NullableTimestamp;
}

export interface WebhookDeliveriesTable {
  id: string;
  event_id: string;
  webhook_id: string;
  attempt_number: number;
  started_at: Timestamp;
  /** NULL while the attempt is in flight. */
  finished_at: NullableTimestamp;
  status_code: number | null;
  duration_ms: number | null;
  success: boolean | null;
  error: string | null;
}

export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookEventRow = Selectable<WebhookEventsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
