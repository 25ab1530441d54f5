// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- Client endpoints that are told when episodes finish.
    CREATE TABLE webhooks (
      id text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      url text NOT NULL CHECK (url LIKE 'https://%'),
      events text[] NOT NULL CHECK (cardinality(events) >= 1),
      description text NOT NULL DEFAULT '',
      is_active boolean NOT NULL DEFAULT true,
      -- The signing secret, encrypted (AES-256-GCM under the server's key): it must be
      -- readable to sign, so it cannot be hashed, but it is never stored in plaintext.
      secret_ciphertext text NOT NULL,
      -- Set when every attempt of an event failed; cleared by the next success.
      failing_since timestamptz,
      -- Events in a row whose every attempt failed; reaching the bound turns the webhook off.
      consecutive_failed_events integer NOT NULL DEFAULT 0,
      -- Set when the failures turned the webhook off (not when its owner did).
      deactivated_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX webhooks_user_created_idx ON webhooks (user_id, created_at DESC, id DESC);

    -- One row per event and webhook, written in the transaction of the change it reports
    -- (the outbox): a crash cannot lose it and a rolled-back change never has one. The
    -- body is fixed here, so every attempt sends (and signs) the same bytes.
    CREATE TABLE webhook_events (
      id text PRIMARY KEY,
      webhook_id text NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
      event text NOT NULL,
      -- The episode the event is about; no foreign key: the event stays true after a delete.
      episode_id text,
      body text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed', 'cancelled')),
      -- Attempts that count against the retry budget, and attempts cut short by the death
      -- of their worker (the first few of those do not count).
      attempts_counted integer NOT NULL DEFAULT 0,
      attempts_interrupted integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz
    );
    -- An episode's event reaches each webhook once, whatever runs twice.
    CREATE UNIQUE INDEX webhook_events_once_idx ON webhook_events (webhook_id, episode_id, event) WHERE episode_id IS NOT NULL;

    -- Every attempt, recorded before it is sent (finished_at NULL while in flight) and
    -- completed with its outcome, so a worker dying mid-attempt leaves its record behind.
    CREATE TABLE webhook_deliveries (
      id text PRIMARY KEY,
      event_id text NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
      webhook_id text NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
      attempt_number integer NOT NULL CHECK (attempt_number >= 1),
      started_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      status_code integer,
      duration_ms integer,
      success boolean,
      -- Why there was no usable answer (refused address, timeout, reset, redirect, …).
      error text,
      UNIQUE (event_id, attempt_number)
    );
    CREATE INDEX webhook_deliveries_webhook_idx ON webhook_deliveries (webhook_id, started_at DESC, id DESC);
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE webhook_deliveries, webhook_events, webhooks;`.execute(db);
}
