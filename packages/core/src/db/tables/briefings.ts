// Briefings: standing orders for episodes, their sources, their runs, and the items
// the sources delivered.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { BriefingRunStatus, BriefingRunType, BriefingSourceType, ScheduleDays, ScheduleFrequency, TemplateType } from '../../briefing-options.ts';
import type { Format, HostMode, ReactionLevel } from '../../episode-options.ts';
import type { Language } from '../../languages.ts';
import type { Preset } from '../../tiers.ts';
import type { Defaulted, NullableTimestamp, Timestamp } from '../column-types.ts';

type NullableText = ColumnType<string | null, string | null | undefined, string | null>;
/** jsonb: pg parses it on the way out; it is written as JSON text. */
type Json<T> = ColumnType<T, string | undefined, string>;

export interface BriefingConfigsTable {
  id: string;
  user_id: string;
  name: string;
  description: Defaulted<string>;
  template_type: TemplateType;
  preset: Preset;
  host_mode: HostMode;
  /** Its episodes' format and reactions (migration 0026). */
  format: Defaulted<Format>;
  reactions: Defaulted<ReactionLevel>;
  schedule_frequency: ScheduleFrequency;
  schedule_days: Json<ScheduleDays>;
  /** `HH:MM:SS`, local to schedule_timezone. */
  schedule_time: string;
  schedule_timezone: string;
  max_sources_per_briefing: Defaulted<number>;
  content_freshness_hours: Defaulted<number>;
  priority_keywords: Defaulted<string[]>;
  is_active: Defaulted<boolean>;
  /** The language of its episodes; null: each run detects it from what it compiled. */
  language: ColumnType<Language | null, Language | null | undefined, Language | null>;
  /** The show its episodes are made in; null for none. */
  show_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Null while inactive. */
  next_run_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BriefingSourcesTable {
  id: string;
  briefing_id: string;
  source_type: BriefingSourceType;
  source_name: string;
  /** rss: the feed address; email: null. */
  source_url: NullableText;
  fetch_limit: Defaulted<number>;
  is_active: Defaulted<boolean>;
  /** email: the webhook id of its inbound address, and that id's SHA-256 (looked up by). */
  inbound_token: NullableText;
  inbound_token_hash: NullableText;
  etag: NullableText;
  last_modified: NullableText;
  last_fetched_at: NullableTimestamp;
  last_error: NullableText;
  created_at: Timestamp;
}

export interface SourceError {
  source_id: string;
  source_name: string;
  error: string;
}

export interface BriefingRunsTable {
  id: string;
  /** `job_…`: the id POST /api/briefings/:id/run answers, and the key of the run's graphile-worker job. */
  job_id: string;
  briefing_id: string;
  run_type: BriefingRunType;
  status: Defaulted<BriefingRunStatus>;
  scheduled_for: NullableTimestamp;
  episode_id: NullableText;
  episode_title: NullableText;
  sources_fetched: Defaulted<number>;
  items_included: Defaulted<number>;
  total_words: Defaulted<number>;
  error_message: NullableText;
  source_errors: Json<SourceError[]>;
  created_at: Timestamp;
  started_at: NullableTimestamp;
  completed_at: NullableTimestamp;
}

export interface BriefingItemsTable {
  id: Generated<number>;
  briefing_id: string;
  source_id: string | null;
  fingerprint: string;
  title: string;
  url: string | null;
  published_at: NullableTimestamp;
  first_seen_at: Timestamp;
  body: Defaulted<string>;
  used_run_id: NullableText;
}

export type BriefingConfigRow = Selectable<BriefingConfigsTable>;
export type NewBriefingConfig = Insertable<BriefingConfigsTable>;
export type BriefingConfigUpdate = Updateable<BriefingConfigsTable>;
export type BriefingSourceRow = Selectable<BriefingSourcesTable>;
export type NewBriefingSource = Insertable<BriefingSourcesTable>;
export type BriefingRunRow = Selectable<BriefingRunsTable>;
export type BriefingItemRow = Selectable<BriefingItemsTable>;
export type NewBriefingItem = Insertable<BriefingItemsTable>;
