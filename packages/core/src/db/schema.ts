// The Database interface Kysely types every query with, gathered from one file per
// area in ./tables. Migrations are the source of truth for the tables; these files
// mirror them for the type checker.
import type { BriefingConfigsTable, BriefingItemsTable, BriefingRunsTable, BriefingSourcesTable } from './tables/briefings.ts';
import type { BillingCustomersTable, BillingEventsTable, BillingSubscriptionsTable } from './tables/billing.ts';
import type { AccountTokensTable, ApiKeysTable, RefreshTokensTable } from './tables/credentials.ts';
import type { EpisodeRevisionsTable, EpisodeSegmentsTable } from './tables/episode-revisions.ts';
import type { EpisodesTable, TranscriptSegmentsTable } from './tables/episodes.ts';
import type { IdempotencyKeysTable } from './tables/idempotency-keys.ts';
import type { EpisodeDraftLinesTable, EpisodeLiveSegmentsTable, EpisodeLiveTakesTable } from './tables/live-audio.ts';
import type { FairQueueAccountsTable, JobInterruptionsTable, MailOutboxTable, WorkerHeartbeatsTable } from './tables/operations.ts';
import type { PlaylistEpisodesTable, PlaylistFeedsTable, PlaylistsTable } from './tables/playlists.ts';
import type { PronunciationSamplesTable } from './tables/pronunciation-samples.ts';
import type { PronunciationsTable } from './tables/pronunciations.ts';
import type { RateLimitCountersTable, UsageMonthlyTable } from './tables/usage.ts';
import type { UsersTable } from './tables/users.ts';
import type { VoicesTable } from './tables/voices.ts';
import type { WebhookDeliveriesTable, WebhookEventsTable, WebhooksTable } from './tables/webhooks.ts';

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  api_keys: ApiKeysTable;
  account_tokens: AccountTokensTable;
  episodes: EpisodesTable;
  transcript_segments: TranscriptSegmentsTable;
  episode_revisions: EpisodeRevisionsTable;
  episode_segments: EpisodeSegmentsTable;
  episode_draft_lines: EpisodeDraftLinesTable;
  episode_live_takes: EpisodeLiveTakesTable;
  episode_live_segments: EpisodeLiveSegmentsTable;
  usage_monthly: UsageMonthlyTable;
  rate_limit_counters: RateLimitCountersTable;
  worker_heartbeats: WorkerHeartbeatsTable;
  job_interruptions: JobInterruptionsTable;
  mail_outbox: MailOutboxTable;
  fair_queue_accounts: FairQueueAccountsTable;
  billing_customers: BillingCustomersTable;
  billing_subscriptions: BillingSubscriptionsTable;
  billing_events: BillingEventsTable;
  playlists: PlaylistsTable;
  playlist_episodes: PlaylistEpisodesTable;
  playlist_feeds: PlaylistFeedsTable;
  webhooks: WebhooksTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  briefing_configs: BriefingConfigsTable;
  briefing_sources: BriefingSourcesTable;
  briefing_runs: BriefingRunsTable;
  briefing_items: BriefingItemsTable;
  pronunciations: PronunciationsTable;
  pronunciation_samples: PronunciationSamplesTable;
  voices: VoicesTable;
  idempotency_keys: IdempotencyKeysTable;
}

export type * from './tables/billing.ts';
export type * from './tables/briefings.ts';
export type * from './tables/credentials.ts';
export type * from './tables/episode-revisions.ts';
export type * from './tables/episodes.ts';
export type * from './tables/idempotency-keys.ts';
export type * from './tables/live-audio.ts';
export type * from './tables/operations.ts';
export type * from './tables/playlists.ts';
export type * from './tables/pronunciation-samples.ts';
export type * from './tables/pronunciations.ts';
export type * from './tables/usage.ts';
export type * from './tables/users.ts';
export type * from './tables/voices.ts';
export type * from './tables/webhooks.ts';
