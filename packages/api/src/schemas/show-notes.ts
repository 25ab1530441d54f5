// Shapes of the show notes and transcript search endpoints.
import Type from 'typebox';
import { ShowNotesSource } from './sources.ts';

export const ShowNotesReply = Type.Object({
  success: Type.Literal(true),
  episodeId: Type.String(),
  summary: Type.String(),
  keyPoints: Type.Array(Type.String()),
  topics: Type.Array(Type.String()),
  chapters: Type.Array(Type.Object({
    title: Type.String(),
    timestamp: Type.String({ description: 'MM:SS of timestampMs, floored; minutes may exceed 59' }),
    timestampMs: Type.Integer({ minimum: 0 }),
  })),
  sources: Type.Array(ShowNotesSource, { description: "The episode's sources in order, each with where it is discussed (derived from the lines' refs); sources left out or unread have none" }),
});

export const SearchQuery = Type.Object({ q: Type.String({ minLength: 1, maxLength: 200 }) });

export const SearchResult = Type.Object({
  success: Type.Literal(true),
  episodeId: Type.String(),
  query: Type.String(),
  matches: Type.Array(Type.Object({
    segmentId: Type.String(),
    speaker: Type.String(),
    text: Type.String(),
    timestampMs: Type.Integer(),
    timestamp: Type.String(),
    matchPositions: Type.Array(Type.Array(Type.Integer(), { minItems: 2, maxItems: 2 }), {
      description: '[start, end) UTF-16 indices into `text`, end exclusive; every non-overlapping occurrence',
    }),
  })),
  totalMatches: Type.Integer(),
});

const PodcastChapters = Type.Object({
  version: Type.Literal('1.2.0'),
  title: Type.String(),
  chapters: Type.Array(Type.Object({ startTime: Type.Number({ minimum: 0, description: 'Seconds from the start' }), title: Type.String() })),
});

/** The chapters file's 200, serialised by its own media type. */
export const chaptersFile = {
  description: 'Podcasting 2.0 JSON chapters',
  content: { 'application/json+chapters': { schema: PodcastChapters } },
};
