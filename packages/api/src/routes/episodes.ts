// Creating, listing, reading and deleting episodes, and their transcripts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MAX_SOURCE_CHARACTERS } from '@castwright/core/episode-options';
import { createEpisode, withDefaults } from '../episodes/create-episode.ts';
import { deleteEpisode } from '../episodes/delete-episode.ts';
import { sourceFromBody } from '../episodes/episode-source.ts';
import { readTranscript } from '../episodes/episode-transcript.ts';
import { acceptedEpisodeBody, episodeDetail } from '../episodes/episode-views.ts';
import { listEpisodes } from '../episodes/list-episodes.ts';
import { readableEpisode } from '../episodes/readable-episode.ts';
import { currentUser } from '../plugins/authentication.ts';
import { errorResponses, IdParams, MessageBody } from '../schemas/common.ts';
import { CreatedEpisode, CreateEpisodeBody, EpisodeList, EpisodeReply, ListEpisodesQuery, Transcript } from '../schemas/episodes.ts';
import { bearer, optionalBearer } from '../schemas/security.ts';
import type { ApiServices } from '../services.ts';

export function episodeRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth, storage } = services;
  return async (app) => {
    app.post('/api/episodes', {
      preHandler: auth.requireUser,
      // Room for the longest `content` in multi-byte characters, and no more.
      bodyLimit: MAX_SOURCE_CHARACTERS * 4 + 16_384,
      schema: {
        tags: ['episodes'],
        summary: 'Create an episode from text or a web page address',
        description: 'Exactly one of `content` and `url`. Counts against the monthly quota. Processing is asynchronous: follow /api/episodes/{id}/stream.',
        security: bearer,
        body: CreateEpisodeBody,
        response: { 202: CreatedEpisode, ...errorResponses(400, 401, 403, 413, 429) },
      },
    }, async (request, reply) => {
      const { content, url, ...choices } = request.body;
      const { episode, quota } = await createEpisode(db, currentUser(request), { source: sourceFromBody({ content, url }), ...withDefaults(choices) });
      return reply.status(202).send(acceptedEpisodeBody(episode, quota));
    });

    app.get('/api/episodes', {
      preHandler: auth.requireUser,
      schema: {
        tags: ['episodes'],
        summary: "List the caller's episodes, newest first",
        security: bearer,
        querystring: ListEpisodesQuery,
        response: { 200: EpisodeList, ...errorResponses(400, 401) },
      },
    }, async (request) => ({ success: true as const, ...(await listEpisodes(db, currentUser(request), request.query)) }));

    app.get('/api/episodes/:id', {
      preHandler: auth.optionalUser,
      schema: {
        tags: ['episodes'],
        summary: 'One episode, with its script and progress',
        security: optionalBearer,
        params: IdParams,
        response: { 200: EpisodeReply, ...errorResponses(401, 404) },
      },
    }, async (request) => ({ success: true as const, episode: episodeDetail(await readableEpisode(db, request, request.params.id)) }));

    app.delete('/api/episodes/:id', {
      preHandler: auth.requireUser,
      schema: {
        tags: ['episodes'],
        summary: 'Delete an episode, its audio and its uploaded document (owner only)',
        security: bearer,
        params: IdParams,
        response: { 200: MessageBody, ...errorResponses(401, 403, 404) },
      },
    }, async (request) => {
      await deleteEpisode({ db, storage, logger: request.log }, currentUser(request), request.params.id);
      return { success: true as const, message: 'Episode deleted' };
    });

    app.get('/api/episodes/:id/transcript', {
      preHandler: auth.optionalUser,
      schema: {
        tags: ['episodes'],
        summary: 'The timed transcript',
        description: 'Segments are empty until the episode is ready.',
        security: optionalBearer,
        params: IdParams,
        response: { 200: Transcript, ...errorResponses(401, 404) },
      },
    }, async (request) => readTranscript(db, await readableEpisode(db, request, request.params.id)));
  };
}
