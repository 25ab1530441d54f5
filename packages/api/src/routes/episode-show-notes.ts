// Show notes and transcript search. Both follow GET /api/episodes/:id's access rules:
// public episodes need no credentials; private ones only their owner reads.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '@castwright/core/errors';
import { listTranscript } from '@castwright/core/repositories/episodes';
import { searchTranscript } from '@castwright/content/search/transcript-search';
import type { ShowNotes as ShowNotesValue } from '@castwright/content/show-notes/show-notes';
import Type from 'typebox';
import { readableEpisode } from '../episodes/readable-episode.ts';
import { errorResponses, IdParams } from '../schemas/common.ts';
import { optionalBearer } from '../schemas/security.ts';
import type { ApiServices } from '../services.ts';

const ShowNotes = Type.Object({
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
});

const SearchQuery = Type.Object({ q: Type.String({ minLength: 1, maxLength: 200 }) });

const SearchResult = Type.Object({
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

export function episodeShowNotesRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth } = services;
  return async (app) => {
    app.get('/api/episodes/:id/show-notes', {
      preHandler: auth.optionalUser,
      schema: {
        tags: ['episodes'],
        summary: 'Show notes: summary, key points, topics and timed chapters',
        description:
          'Show notes are made when the episode becomes ready; chapter timestamps are the start times of transcript segments. ' +
          'Before that (or for an episode that failed) the answer is 409 Conflict with a message naming the current status.',
        security: optionalBearer,
        params: IdParams,
        response: { 200: ShowNotes, ...errorResponses(401, 404, 409) },
      },
    }, async (request) => {
      const episode = await readableEpisode(db, request, request.params.id);
      const notes = episode.show_notes as ShowNotesValue | null;
      if (episode.status !== 'ready' || !notes) {
        throw new AppError('conflict', `Show notes are available once the episode is ready (it is ${episode.status})`);
      }
      return { success: true as const, episodeId: episode.id, summary: notes.summary, keyPoints: notes.keyPoints, topics: notes.topics, chapters: notes.chapters };
    });

    app.get('/api/episodes/:id/transcript/search', {
      preHandler: auth.optionalUser,
      schema: {
        tags: ['episodes'],
        summary: 'Case-insensitive search in the transcript',
        description: '`q` is 1 to 200 characters. Before the episode is ready the transcript is empty, so there are no matches.',
        security: optionalBearer,
        params: IdParams,
        querystring: SearchQuery,
        response: { 200: SearchResult, ...errorResponses(400, 401, 404) },
      },
    }, async (request) => {
      const episode = await readableEpisode(db, request, request.params.id);
      const rows = await listTranscript(db, episode.id);
      const { matches, totalMatches } = searchTranscript(
        rows.map((row) => ({ id: row.id, speaker: row.speaker, text: row.text, startTimeMs: row.start_ms })),
        request.query.q,
      );
      return { success: true as const, episodeId: episode.id, query: request.query.q, matches, totalMatches };
    });
  };
}
