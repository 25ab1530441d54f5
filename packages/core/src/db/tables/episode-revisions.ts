// An episode's numbered revisions (each render is one) and the voiced lines kept for them.
import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { RevisionStatus } from '../../episode-states.ts';
import type { Defaulted, NullableTimestamp, Timestamp } from '../column-types.ts';

type NullableInteger = ColumnType<number | null, number | null | undefined, number | null>;
type NullableText = ColumnType<string | null, string | null | undefined, string | null>;
/** jsonb: written as JSON text, read back parsed (and checked by whoever reads it). */
type NullableJson = ColumnType<unknown, string | null | undefined, string | null>;

export interface EpisodeRevisionsTable {
  episode_id: string;
  revision: number;
  status: Defaulted<RevisionStatus>;
  script_text: string;
  /** The script's refs, one list per line (source-refs.ts), as the episode had them when this revision was made. */
  script_refs: NullableJson;
  /** Which lines are reactions or cut-ins (script-overlaps.ts), as the episode had them. */
  script_overlaps: NullableJson;
  restored_from: NullableInteger;
  lines_total: number;
  lines_changed: number;
  lines_rendered: NullableInteger;
  lines_reused: NullableInteger;
  audio_key: NullableText;
  audio_duration_ms: NullableInteger;
  /** bigint: pg hands it back as a string. */
  audio_bytes: ColumnType<string | null, number | null | undefined, number | null>;
  chunk_table: NullableJson;
  master_plan: NullableJson;
  segment_keys: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
  error_message: NullableText;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
}

export interface EpisodeSegmentsTable {
  episode_id: string;
  segment_key: string;
  revision: number;
  characters: number;
  audio_ms: number;
  /** Counted in the usage (by the first published revision that used it). */
  counted: Defaulted<boolean>;
  created_at: Timestamp;
  last_used_at: Timestamp;
}

export type EpisodeRevisionRow = Selectable<EpisodeRevisionsTable>;
export type NewEpisodeRevision = Insertable<EpisodeRevisionsTable>;
export type NewEpisodeSegment = Insertable<EpisodeSegmentsTable>;
