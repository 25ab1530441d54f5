// Episodes and their timed transcript segments.
import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';
import type { Format, HostMode, ReactionLevel, SourceType, TtsEngineChoice, VoicePair, VoiceStyle } from '../../episode-options.ts';
import type { TemplateType } from '../../briefing-options.ts';
import type { EpisodeStatus } from '../../episode-states.ts';
import type { Language } from '../../languages.ts';
import type { Speaker } from '../../script-lines.ts';
import type { ShowNotes } from '../../show-notes.ts';
import type { EpisodeHost } from '../../voices/episode-hosts.ts';
import type { Preset } from '../../tiers.ts';
import type { Defaulted, NullableTimestamp, Numeric, Timestamp } from '../column-types.ts';

type NullableText = ColumnType<string | null, string | null | undefined, string | null>;

export interface EpisodesTable {
  id: string;
  user_id: string;
  title: string;
  description: string;
  status: Defaulted<EpisodeStatus>;
  progress_percent: Defaulted<number>;
  preset: Preset;
  /** The minutes asked for (durationMinutes); null when the length is the preset's. */
  duration_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  host_mode: HostMode;
  voice_style: VoiceStyle;
  voice_pair: VoicePair;
  tts_engine: TtsEngineChoice;
  review_script: boolean;
  /** How the episode is built (episode-options.ts FORMATS; migration 0026). */
  format: Defaulted<Format>;
  /** How much the listening hosts react: `none` is strict turns with fixed pauses (episodes made before 0026 are `none`). */
  reactions: Defaulted<ReactionLevel>;
  is_public: Defaulted<boolean>;
  source_type: SourceType;
  source_url: string | null;
  source_text: string | null;
  source_key: NullableText;
  source_filename: NullableText;
  script_text: string | null;
  script_writer: NullableText;
  /** Each script line's refs to its sources, one list per line (source-refs.ts); null when none are known. Written as JSON text. */
  script_refs: ColumnType<unknown, string | null | undefined, string | null>;
  /** Which lines are reactions or cut-ins, one entry per line (script-overlaps.ts); null when none is. Written as JSON text (migration 0026). */
  script_overlaps: ColumnType<unknown, string | null | undefined, string | null>;
  /** Refs the LLM writer gave that did not hold up and were dropped. */
  source_refs_dropped: Defaulted<number>;
  /** How long the whole source runs read out, when short of the length asked for; null when it holds enough (see episode-length.ts). */
  source_limit_ms: ColumnType<number | null, number | null | undefined, number | null>;
  /** Null until ready; written as JSON text. */
  show_notes: ColumnType<ShowNotes | null, string | null | undefined, string | null>;
  audio_key: string | null;
  /** The engine that voiced the episode; null until rendered. */
  tts_engine_used: NullableText;
  tts_fallback_reason: NullableText;
  audio_duration_ms: number | null;
  /** The audio file's exact size, cached from storage the first time a feed lists the episode. */
  audio_bytes: ColumnType<number | null, number | null | undefined, number | null>;
  error_message: string | null;
  /** What the current stage waits on while it stands still (a Chatterbox server loading its model); null while it makes progress (migration 0024). */
  progress_note: NullableText;
  /** Tokens the LLM writer billed for the script (0 for the built-in writer). */
  llm_input_tokens: Defaulted<number>;
  llm_output_tokens: Defaulted<number>;
  /** Wall-clock time the media worker spent rendering the audio that was published. */
  render_ms: ColumnType<number | null, number | null | undefined, number | null>;
  /** What producing the episode cost in USD, fixed when it becomes ready (see core/episode-cost.ts). */
  cost_usd: Numeric;
  /** The render attempt allowed to publish (see migration 0008); 0 before the first render. */
  render_attempt: Defaulted<number>;
  /** The named hosts the episode was created with; null when its voices come from hostMode/voicePair (written as JSON text). */
  hosts: ColumnType<EpisodeHost[] | null, string | null | undefined, string | null>;
  /** The revision whose audio, transcript and show notes are served (see episode_revisions); null before the first ready. */
  published_revision: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the audio served now was published: the first ready, or the last re-render published. */
  audio_published_at: NullableTimestamp;
  /** Set on episodes a briefing run made: the script is written by this template. */
  briefing_template: ColumnType<TemplateType | null, TemplateType | null | undefined, TemplateType | null>;
  /** The episode's language (languages.ts); null only while it waits to be detected from a page or document at ingest. */
  language: ColumnType<Language | null, Language | null | undefined, Language | null>;
  /** Detected from the source rather than asked for (or the default, when the source could not tell). */
  language_detected: Defaulted<boolean>;
  /** Passages of the source in another language: what was left out, which quotes are said in their own (migration 0020); null when none. */
  language_note: NullableText;
  /** The show the episode is in (same account); null for none, or once the show is deleted. */
  show_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The live take a listener is given now (live-audio.ts), and how long it plays; null when there is none. */
  live_take: ColumnType<number | null, number | null | undefined, number | null>;
  live_duration_ms: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: NullableTimestamp;
}

export interface TranscriptSegmentsTable {
  id: string;
  episode_id: string;
  position: number;
  speaker: Speaker;
  text: string;
  start_ms: number;
  end_ms: number;
  /** Always 1: the text is the script that was voiced, known exactly, not recognised. */
  confidence: number;
  /** The line's refs to the episode's sources (source-refs.ts), as its revision had them; null for none. Written as JSON text. */
  source_refs: ColumnType<unknown, string | null | undefined, string | null>;
}

export type EpisodeRow = Selectable<EpisodesTable>;
export type NewEpisode = Insertable<EpisodesTable>;
export type EpisodeUpdate = Updateable<EpisodesTable>;
export type TranscriptSegmentRow = Selectable<TranscriptSegmentsTable>;
export type NewTranscriptSegment = Insertable<TranscriptSegmentsTable>;
