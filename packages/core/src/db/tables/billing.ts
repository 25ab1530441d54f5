// Billing: each account's Stripe customer, its subscriptions as last read from Stripe,
// and the Stripe events accepted (by id, so each is applied at most once).
import type { Selectable } from 'kysely';
import type { PaidTier } from '../../tiers.ts';
import type { Defaulted, NullableTimestamp, Timestamp } from '../column-types.ts';

export interface BillingCustomersTable {
  user_id: string;
  stripe_customer_id: string;
  created_at: Timestamp;
}

export interface BillingSubscriptionsTable {
  id: string;
  user_id: string;
  stripe_customer_id: string;
  tier: PaidTier;
  /** Stripe's status word, kept as Stripe sends it. */
  status: string;
  current_period_start: NullableTimestamp;
  current_period_end: NullableTimestamp;
  cancel_at_period_end: Defaulted<boolean>;
  past_due_since: NullableTimestamp;
  stripe_created_at: Timestamp;
  synced_at: Timestamp;
}

export interface BillingEventsTable {
  id: string;
  type: string;
  stripe_created_at: Timestamp;
  received_at: Timestamp;
  user_id: string | null;
  notified_at: NullableTimestamp;
}

export type BillingSubscriptionRow = Selectable<BillingSubscriptionsTable>;
