// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- The Stripe customer of each account: created once, on the first checkout, and reused.
    CREATE TABLE billing_customers (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      stripe_customer_id text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    -- Each Stripe subscription as last read from Stripe. users.tier, subscription_status and
    -- subscription_period_end are derived from these rows in the transaction that writes them.
    CREATE TABLE billing_subscriptions (
      id text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      stripe_customer_id text NOT NULL,
      tier text NOT NULL CHECK (tier IN ('creator', 'professional', 'enterprise')),
      -- Stripe's own status word (active, trialing, past_due, unpaid, canceled, incomplete, …).
      status text NOT NULL,
      current_period_start timestamptz,
      current_period_end timestamptz,
      cancel_at_period_end boolean NOT NULL DEFAULT false,
      -- When this subscription was first seen past_due: the grace period counts from here.
      past_due_since timestamptz,
      stripe_created_at timestamptz NOT NULL,
      synced_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX billing_subscriptions_user_idx ON billing_subscriptions (user_id, stripe_created_at DESC);
    CREATE INDEX billing_subscriptions_past_due_idx ON billing_subscriptions (past_due_since) WHERE status = 'past_due';

    -- Every Stripe event accepted, by Stripe's id: a redelivered event conflicts here, so its
    -- effect (queued in the same transaction) happens at most once.
    CREATE TABLE billing_events (
      id text PRIMARY KEY,
      type text NOT NULL,
      stripe_created_at timestamptz NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      -- For invoice.payment_failed: when the user was told (or it was found unnecessary).
      notified_at timestamptz
    );
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE billing_events, billing_subscriptions, billing_customers`.execute(db);
}
