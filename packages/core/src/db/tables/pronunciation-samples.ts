// A lexicon entry said in one voice (migration 0019).
import type { Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../column-types.ts';

export interface PronunciationSamplesTable {
  pronunciation_id: string;
  voice_id: string;
  /** `pronunciationSampleVersion` of the entry the sample says. */
  version: string;
  /** Set once the MP3 is stored. */
  sample_key: string | null;
  requested_at: Timestamp;
  made_at: NullableTimestamp;
}

export type PronunciationSampleRow = Selectable<PronunciationSamplesTable>;
