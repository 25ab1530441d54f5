// Shapes of an episode's sources (POST /api/episodes `sources`, the episode's and its
// sources' views), their refs on script lines and transcript segments, and documents.
import Type from 'typebox';
import { SOURCE_KINDS, SOURCE_STATUSES } from '@castwright/core/episode-sources';
import { MAX_SOURCE_CHARACTERS } from '@castwright/core/episode-options';
import { MAX_REFS_PER_LINE, SourceRef } from '@castwright/core/source-refs';
import { MAX_SOURCES } from '@castwright/core/tiers';
import { Nullable, Pagination, Timestamp } from './common.ts';

const SourceItem = Type.Object(
  {
    content: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_SOURCE_CHARACTERS, description: 'Typed or pasted text' })),
    url: Type.Optional(Type.String({ format: 'uri', maxLength: 2048, description: 'A web page (http or https), read through the outbound guard and Readability' })),
    documentId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'A document of yours from POST /api/documents (another account\'s, or a deleted one, is a 404)' })),
  },
  { additionalProperties: false, description: 'One source: exactly one of `content`, `url` and `documentId`' },
);

export const SourceItems = Type.Array(SourceItem, {
  minItems: 1,
  maxItems: MAX_SOURCES,
  description:
    'Several sources woven into one episode, in order (the first is source 0 of the refs). Duplicates (the same address, the same text, the same document) are merged. ' +
    "How many, and how many typed characters together, is bounded by the tier (`limits.maxSources`, `limits.maxSourceCharacters` in GET /api/billing/pricing; beyond is 403 `Source limit exceeded`). Instead of `content` or `url`, not with them.",
});

export const SourceRefs = Type.Array(SourceRef, {
  maxItems: MAX_REFS_PER_LINE,
  description: "Character spans of the episode's sources' stored texts that the line draws on (`source` is the index in the episode's `sources`); empty for a line that draws on none (a greeting, a question)",
});

const SourceTimestamp = Type.Object({
  timestamp: Type.String({ description: 'MM:SS of timestampMs; minutes may exceed 59' }),
  timestampMs: Type.Integer({ minimum: 0, description: 'The start of a line that draws on the source: a moment it is discussed' }),
});
const SourceTimestamps = Type.Array(SourceTimestamp, { description: 'Where in the published audio the source is discussed: the start of each run of lines drawing on it' });

export const SourceView = Type.Object({
  index: Type.Integer({ minimum: 0, description: 'Its place among the episode\'s sources: the `source` of refs' }),
  kind: Type.Enum([...SOURCE_KINDS], { description: 'text (typed), url (a web page), document (a stored document), upload (a file uploaded with the episode)' }),
  title: Type.String({ description: "The page's or document's title, the text's heading, else its address, file name or \"Source N\"" }),
  url: Type.Optional(Type.String({ description: "The page's address, or where a text came from (a briefing item's link)" })),
  documentId: Type.Optional(Type.String({ description: 'The stored document it was read from (absent once that document is deleted)' })),
  characters: Nullable(Type.Integer({ minimum: 0, description: 'Characters of its stored text; null until read' })),
  language: Nullable(Type.String({ description: 'The language detected in it (BCP 47; any language, spoken by Castwright or not); null until read or when it cannot tell' })),
  status: Type.Enum([...SOURCE_STATUSES], {
    description: 'pending (not read yet), read, failed (`error` says why; the episode is made from the others), left_out (read, but the length could not hold it: `note` and `lengthNote` say so)',
  }),
  error: Type.Optional(Type.String({ description: 'Why it could not be read' })),
  note: Type.Optional(Type.String({ description: 'What else to know: cut to the tier\'s bound, or left out for length' })),
});

export const EpisodeSourcesReply = Type.Object({
  success: Type.Literal(true),
  episodeId: Type.String(),
  sources: Type.Array(Type.Intersect([SourceView, Type.Object({ timestamps: SourceTimestamps })])),
  refsDropped: Type.Integer({ minimum: 0, description: 'Refs the LLM writer gave that did not hold up (an unknown passage, or no content word shared with its line), dropped' }),
});

export const ShowNotesSource = Type.Object({
  title: Type.String(),
  url: Nullable(Type.String({ description: "The page's address (or a text's origin); null for a document or a typed text" })),
  timestamps: SourceTimestamps,
});

const DocumentView = Type.Object({
  id: Type.String(),
  filename: Type.String(),
  type: Type.Enum(['pdf', 'docx', 'doc', 'txt', 'md']),
  bytes: Type.Integer({ minimum: 1 }),
  createdAt: Timestamp,
});

export const DocumentReply = Type.Object({ success: Type.Literal(true), document: DocumentView });
export const DocumentList = Type.Object({ success: Type.Literal(true), documents: Type.Array(DocumentView), pagination: Pagination });
export const DocumentListQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  offset: Type.Integer({ minimum: 0, default: 0 }),
});

/** `POST /api/documents`' multipart form (the route reads the stream itself). */
export const DocumentForm = Type.Object({
  file: Type.String({ contentMediaType: 'application/octet-stream', description: 'The document: PDF, DOCX, DOC, TXT or MD (UTF-8), up to the tier\'s upload limit' }),
}, { additionalProperties: false });
