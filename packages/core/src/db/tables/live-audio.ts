// Listening while an episode is made: its script as it is written, and the live takes of
// its first render with their published segments (migration 0022; a draft line's reaction or cut-in 0027).
import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { Language } from '../../languages.ts';
import type { Speaker } from '../../script-lines.ts';
import type { Defaulted, Timestamp } from '../column-types.ts';

export interface EpisodeDraftLinesTable {
  episode_id: string;
  position: number;
  speaker: Speaker;
  text: string;
  section: ColumnType<string | null, string | null | undefined, string | null>;
  language: ColumnType<Language | null, Language | null | undefined, Language | null>;
  /** A reaction's afterWord (migration 0027); null for a line that is none. */
  reaction_after_word: ColumnType<number | null, number | null | undefined, number | null>;
  /** A cut-in's overlap (migration 0027); null for a line that is none. */
  overlap_ms: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface EpisodeLiveTakesTable {
  episode_id: string;
  take: number;
  revision: number;
  complete: Defaulted<boolean>;
  abandoned: Defaulted<boolean>;
  duration_ms: Defaulted<number>;
  created_at: Timestamp;
}

export interface EpisodeLiveSegmentsTable {
  episode_id: string;
  take: number;
  seq: number;
  object_key: string;
  first_line: number;
  line_count: number;
  bytes: number;
  /** jsonb: written as JSON text, read back parsed (media checks it). */
  record: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

export type EpisodeLiveTakeRow = Selectable<EpisodeLiveTakesTable>;
export type EpisodeLiveSegmentRow = Selectable<EpisodeLiveSegmentsTable>;
export type NewEpisodeLiveSegment = Insertable<EpisodeLiveSegmentsTable>;
