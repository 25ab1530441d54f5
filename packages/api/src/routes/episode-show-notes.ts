// Show notes, their chapters as Podcasting 2.0 JSON, and transcript search. All follow
// GET /api/episodes/:id's access rules: public episodes need no credentials; private
// ones only their owner reads.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { showNotesSources } from '../episodes/episode-sources.ts';
import { readShowNotes, searchEpisodeTranscript } from '../episodes/episode-transcript.ts';
import { CHAPTERS_TYPE, podcastChapters } from '../episodes/episode-chapters.ts';
import { readableEpisode } from '../episodes/readable-episode.ts';
import { errorResponses, IdParams } from '../schemas/common.ts';
import { optionalBearer } from '../schemas/security.ts';
import { chaptersFile, SearchQuery, SearchResult, ShowNotesReply } from '../schemas/show-notes.ts';
import type { ApiServices } from '../services.ts';

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
          '`sources` lists what the episode is made from, each with the moments it is discussed (from the lines\' refs). ' +
          'Before that (or for an episode that failed) the answer is 409 Conflict with a message naming the current status.',
        security: optionalBearer,
        params: IdParams,
        response: { 200: ShowNotesReply, ...errorResponses(401, 404, 409) },
      },
    }, async (request) => {
      const episode = await readableEpisode(db, request.user, request.params.id);
      return { success: true as const, ...readShowNotes(episode), sources: await showNotesSources(db, episode) };
    });

    app.get('/api/episodes/:id/chapters', {
      preHandler: auth.optionalUser,
      schema: {
        tags: ['episodes'],
        summary: 'The chapters as Podcasting 2.0 JSON chapters (application/json+chapters)',
        description:
          '`version` "1.2.0" and `chapters[]` with `startTime` in seconds and `title`, from the show notes; the MP3 carries the same ' +
          'chapters as ID3v2 CHAP frames with a CTOC table. 409 until the episode is ready.',
        security: optionalBearer,
        params: IdParams,
        response: { 200: chaptersFile, ...errorResponses(401, 404, 409) },
      },
    }, async (request, reply) => {
      return reply.type(CHAPTERS_TYPE).send(podcastChapters(await readableEpisode(db, request.user, request.params.id)));
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
      const episode = await readableEpisode(db, request.user, request.params.id);
      return { success: true as const, ...(await searchEpisodeTranscript(db, episode, request.query.q)) };
    });
  };
}
