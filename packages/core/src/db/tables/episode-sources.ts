// Documents kept for use as sources, and each episode's sources (migration 0021).
import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { SourceKind, SourceStatus } from '../../episode-sources.ts';
import type { Defaulted, Timestamp } from '../column-types.ts';

type NullableText = ColumnType<string | null, string | null | undefined, string | null>;
type NullableInteger = ColumnType<number | null, number | null | undefined, number | null>;

export type DocumentType = 'pdf' | 'docx' | 'doc' | 'txt' | 'md';

export interface DocumentsTable {
  id: string;
  user_id: string;
  /** As the client named it, cleaned. */
  filename: string;
  document_type: DocumentType;
  storage_key: string;
  /** bigint: pg hands it back as a string. */
  bytes: ColumnType<string, number, number>;
  sha256: string;
  created_at: Timestamp;
}

export interface EpisodeSourcesTable {
  episode_id: string;
  /** 0 for the first source: the `source` of its refs. */
  position: number;
  kind: SourceKind;
  url: NullableText;
  /** Typed text as given, until read. */
  input_text: NullableText;
  document_id: NullableText;
  storage_key: NullableText;
  filename: NullableText;
  title: NullableText;
  /** The text as read: refs index it. */
  text: NullableText;
  characters: NullableInteger;
  /** Detected in its text; any BCP 47 tag, supported or not; null when the text cannot tell. */
  language: NullableText;
  status: Defaulted<SourceStatus>;
  error: NullableText;
  note: NullableText;
}

export type DocumentRow = Selectable<DocumentsTable>;
export type NewDocument = Insertable<DocumentsTable>;
export type EpisodeSourceRow = Selectable<EpisodeSourcesTable>;
export type NewEpisodeSource = Insertable<EpisodeSourcesTable>;
