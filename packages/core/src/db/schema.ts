// Table row types, gathered in one Database interface for Kysely. Migrations are the
// source of truth for the tables; this file mirrors them for the type checker.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { EpisodeStatus, HostMode, SourceType, TtsEngineChoice, VoicePair, VoiceStyle } from '../episode-states.ts';
import type { Preset, Tier } from '../tiers.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** numeric comes back from pg as a string to keep its precision. */
type Numeric = ColumnType<string, number | string | undefined, number | string>;

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  name: string | null;
  bio: string | null;
  avatar_url: string | null;
  tier: ColumnType<Tier, Tier | undefined, Tier>;
  email_verified: ColumnType<boolean, boolean | undefined, boolean>;
  subscription_status: string | null;
  subscription_period_end: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  user_id: string;
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  key_hash: string;
  last_four: string;
  created_at: Timestamp;
  revoked_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
}

export interface EpisodesTable {
  id: string;
  user_id: string;
  title: string;
  description: string;
  status: ColumnType<EpisodeStatus, EpisodeStatus | undefined, EpisodeStatus>;
  progress_percent: ColumnType<number, number | undefined, number>;
  preset: Preset;
  host_mode: HostMode;
  voice_style: VoiceStyle;
  voice_pair: VoicePair;
  tts_engine: TtsEngineChoice;
  review_script: boolean;
  is_public: ColumnType<boolean, boolean | undefined, boolean>;
  source_type: SourceType;
  source_url: string | null;
  source_text: string | null;
  source_key: ColumnType<string | null, string | null | undefined, string | null>;
  source_filename: ColumnType<string | null, string | null | undefined, string | null>;
  script_text: string | null;
  script_writer: ColumnType<string | null, string | null | undefined, string | null>;
  /** ShowNotes JSON (see content/show-notes), null until ready. */
  show_notes: ColumnType<unknown, string | null | undefined, string | null>;
  audio_key: string | null;
  /** The engine that voiced the episode; null until rendered. */
  tts_engine_used: ColumnType<string | null, string | null | undefined, string | null>;
  tts_fallback_reason: ColumnType<string | null, string | null | undefined, string | null>;
  audio_duration_ms: number | null;
  error_message: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: NullableTimestamp;
}

export interface TranscriptSegmentsTable {
  id: string;
  episode_id: string;
  position: number;
  speaker: string;
  text: string;
  start_ms: number;
  end_ms: number;
  confidence: number;
}

export interface UsageMonthlyTable {
  user_id: string;
  /** First day of the month (UTC), as a `YYYY-MM-DD` date. */
  month: ColumnType<string, string, string>;
  episodes_created: ColumnType<number, number | undefined, number>;
  total_audio_duration: ColumnType<number, number | undefined, number>;
  total_characters: ColumnType<number, number | undefined, number>;
  cost_total: Numeric;
}

export interface AccountTokensTable {
  id: Generated<string>;
  user_id: string;
  purpose: 'password_reset' | 'email_verification';
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface RateLimitCountersTable {
  key: string;
  window_start: Timestamp;
  hits: number;
  expires_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  api_keys: ApiKeysTable;
  episodes: EpisodesTable;
  transcript_segments: TranscriptSegmentsTable;
  usage_monthly: UsageMonthlyTable;
  account_tokens: AccountTokensTable;
  rate_limit_counters: RateLimitCountersTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type EpisodeRow = Selectable<EpisodesTable>;
export type NewEpisode = Insertable<EpisodesTable>;
export type EpisodeUpdate = Updateable<EpisodesTable>;
export type TranscriptSegmentRow = Selectable<TranscriptSegmentsTable>;
export type NewTranscriptSegment = Insertable<TranscriptSegmentsTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type UsageMonthlyRow = Selectable<UsageMonthlyTable>;
