// Shows (migration 0025; format and reactions 0027): a podcast's identity and sound, its audio parts, and its private feed.
import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';
import type { Format, HostMode, ReactionLevel, TtsEngineChoice, VoicePair, VoiceStyle } from '../../episode-options.ts';
import type { Language } from '../../languages.ts';
import type { ShowCategory, ShowPartKind } from '../../shows/show-options.ts';
import type { Preset } from '../../tiers.ts';
import type { EpisodeHost } from '../../voices/episode-hosts.ts';
import type { Defaulted, Timestamp } from '../column-types.ts';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface ShowsTable {
  id: string;
  user_id: string;
  name: string;
  description: Defaulted<string>;
  author: Defaulted<string>;
  language: Nullable<Language>;
  category: Nullable<ShowCategory>;
  /** The checked cover (JPEG) in storage; null: the feed draws one. */
  artwork_key: Nullable<string>;
  /** SHA-256 of the stored cover: its version in addresses and ETags. */
  artwork_sha256: Nullable<string>;
  // The defaults its episodes start from; null: the interface's default.
  host_mode: Nullable<HostMode>;
  /** Named hosts as the API checked them (written as JSON text). */
  hosts: ColumnType<EpisodeHost[] | null, string | null | undefined, string | null>;
  voice_style: Nullable<VoiceStyle>;
  voice_pair: Nullable<VoicePair>;
  tts_engine: Nullable<TtsEngineChoice>;
  preset: Nullable<Preset>;
  duration_minutes: Nullable<number>;
  format: Nullable<Format>;
  reactions: Nullable<ReactionLevel>;
  bed_speech_db: Defaulted<number>;
  bed_gap_db: Defaulted<number>;
  duck_attack_ms: Defaulted<number>;
  duck_release_ms: Defaulted<number>;
  parts_db: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ShowAudioPartsTable {
  show_id: string;
  part: ShowPartKind;
  /** The part as kept: mono FLAC (shows/<user>/<show>/<part>-<random>.flac). */
  storage_key: string;
  /** SHA-256 of the stored file: what the mix's identity is built on. */
  sha256: string;
  duration_ms: number;
  /** The stored file's rate and the upload's channel count. */
  sample_rate: number;
  channels: number;
  /** bigint: pg hands it back as a string. */
  bytes: ColumnType<string, number, number>;
  /** The uploaded file's name, shown back. */
  filename: Defaulted<string>;
  created_at: Timestamp;
}

export interface ShowFeedsTable {
  show_id: string;
  /** SHA-256 of the feed token; the token itself is only ever in the feed URL. */
  token_hash: string;
  created_at: Timestamp;
}

export type ShowRow = Selectable<ShowsTable>;
export type NewShow = Insertable<ShowsTable>;
export type ShowUpdate = Updateable<ShowsTable>;
export type ShowAudioPartRow = Selectable<ShowAudioPartsTable>;
export type NewShowAudioPart = Insertable<ShowAudioPartsTable>;
export type ShowFeedRow = Selectable<ShowFeedsTable>;
