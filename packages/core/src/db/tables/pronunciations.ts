// An account's pronunciation lexicon (migration 0013).
import type { Selectable } from 'kysely';
import type { Defaulted, Timestamp } from '../column-types.ts';

export interface PronunciationsTable {
  id: string;
  user_id: string;
  /** As the user wrote it (NFC, whitespace collapsed). */
  term: string;
  /** The term for uniqueness: `term` for a case-sensitive entry, lower-cased otherwise (`pronunciationTermKey`). */
  term_key: string;
  say_as: string | null;
  ipa: string | null;
  case_sensitive: Defaulted<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type PronunciationRow = Selectable<PronunciationsTable>;
