// Creating, listing, reading and deleting episodes, and their transcripts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '@castwright/core/errors';
import { deleteEpisode, findEpisode, listEpisodes, listTranscript } from '@castwright/core/repositories/episodes';
import Type from 'typebox';
import { createEpisode } from '../episodes/create-episode.ts';
import { episodeStorageKeys } from '../episodes/episode-storage-keys.ts';
import { acceptedEpisodeBody, episodeDetail, episodeListItem } from '../episodes/episode-views.ts';
import { readableEpisode } from '../episodes/readable-episode.ts';
import { transcriptView } from '../episodes/transcript-view.ts';
import { currentUser } from '../plugins/authentication.ts';
import { errorResponses, IdParams, MessageBody } from '../schemas/common.ts';
import {
  CreatedEpisode,
  CreateEpisodeBody,
  EpisodeDetail,
  EpisodeList,
  ListEpisodesQuery,
  MAX_CONTENT_CHARACTERS,
  Transcript,
} from '../schemas/episodes.ts';
import type { ApiServices } from '../services.ts';

import { bearer, optionalBearer } from '../schemas/security.ts';

export function episodeRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth, storage } = services;
  return async (app) => {
    app.post('/api/episodes', {
      preHandler: auth.requireUser,
      // Room for the longest `content` in multi-byte characters, and no more.
      bodyLimit: MAX_CONTENT_CHARACTERS * 4 + 16_384,
      schema: {
        tags: ['episodes'],
        summary: 'Create an episode from text or a web page address',
        description: 'Exactly one of `content` and `url`. Counts against the monthly quota. Processing is asynchronous: follow /api/episodes/{id}/stream.',
        security: bearer,
        body: CreateEpisodeBody,
        response: { 202: CreatedEpisode, ...errorResponses(400, 401, 403, 413, 429) },
      },
    }, async (request, reply) => {
      const user = currentUser(request);
      const body = request.body;
      const content = body.content?.trim();
      if ((content === undefined) === (body.url === undefined)) {
        throw new AppError('validation', 'Provide exactly one of content or url', { extras: { errors: ['exactly one of content or url is required'] } });
      }
      if (content === '') throw new AppError('validation', 'content must not be blank', { extras: { errors: ['content must not be blank'] } });
      if (body.url !== undefined && !/^https?:\/\//i.test(body.url)) {
        throw new AppError('validation', 'url must be an http or https address', { extras: { errors: ['url must use http or https'] } });
      }
      const { episode, quota } = await createEpisode(db, user, {
        source: content !== undefined ? { type: 'text', text: content } : { type: 'url', url: body.url as string },
        preset: body.preset ?? 'standard',
        hostMode: body.hostMode ?? 'single',
        voiceStyle: body.voiceStyle ?? 'professional',
        voicePair: body.voicePair ?? 'expert-curious',
        ttsEngine: body.ttsEngine ?? 'auto',
        reviewScript: body.reviewScript ?? false,
      });
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
    }, async (request) => {
      const { status, limit, offset } = request.query;
      const { rows, total } = await listEpisodes(db, { userId: currentUser(request).id, status, limit, offset });
      return { success: true as const, episodes: rows.map(episodeListItem), pagination: { total, limit, offset } };
    });

    app.get('/api/episodes/:id', {
      preHandler: auth.optionalUser,
      schema: {
        tags: ['episodes'],
        summary: 'One episode, with its script and progress',
        security: optionalBearer,
        params: IdParams,
        response: { 200: Type.Object({ success: Type.Literal(true), episode: EpisodeDetail }), ...errorResponses(401, 404) },
      },
    }, async (request) => {
      const episode = await readableEpisode(db, request, request.params.id);
      return { success: true as const, episode: episodeDetail(episode) };
    });

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
      const episode = await findEpisode(db, request.params.id);
      if (!episode) throw new AppError('notFound', 'Episode not found');
      if (episode.user_id !== currentUser(request).id) throw new AppError('forbidden', 'Only the owner can delete this episode');
      await deleteEpisode(db, episode.id);
      // The row is gone first: a failure here leaves an orphan file, never a row without its audio.
      for (const key of episodeStorageKeys(episode)) {
        await storage.delete(key).catch((error: unknown) => {
          request.log.warn({ err: error, episodeId: episode.id, key }, 'could not delete a stored file of a deleted episode');
        });
      }
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
    }, async (request) => {
      const episode = await readableEpisode(db, request, request.params.id);
      return transcriptView(episode.id, await listTranscript(db, episode.id));
    });
  };
}
