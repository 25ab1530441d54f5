// GET and HEAD /api/episodes/:id/audio: the episode's MP3, streamed from storage with
// HTTP Range support (206 partial content), so players can seek.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { audioCacheControl, openEpisodeAudio } from '../episodes/episode-audio.ts';
import { playableEpisode } from '../episodes/audio-links.ts';
import { redactToken } from '../plugins/signed-link-access.ts';
import { AudioTokenQuery } from '../schemas/listen.ts';
import { conditionalRequest } from '../http/conditional-get.ts';
import { binaryAudio } from '../schemas/episodes.ts';
import { errorResponses, IdParams } from '../schemas/common.ts';
import { optionalBearer } from '../schemas/security.ts';
import type { ApiServices } from '../services.ts';

export function episodeAudioRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth, storage } = services;
  return async (app) => {
    // HEAD is declared, not derived from GET: Fastify's derived HEAD would read the whole file to discard it.
    app.route({
      method: ['GET', 'HEAD'],
      url: '/api/episodes/:id/audio',
      preHandler: auth.optionalUser,
      config: { signedLink: true },
      logSerializers: { req: redactToken },
      schema: {
        tags: ['episodes'],
        summary: 'Download or stream the episode audio (MP3)',
        description:
          'Supports `Range: bytes=start-end` (206 Partial Content; 416 when outside the file), `If-Range`, and conditional GET ' +
          '(`ETag`/`Last-Modified`, 304). `Cache-Control: no-cache`: caches revalidate every use, so making the episode private ' +
          'takes effect at once. Same access rules as GET /api/episodes/{id}, or a signed `token` from GET /api/episodes/{id}/listen ' +
          '(403 when forged, altered or expired; 404 once its revision is no longer the one published).',
        security: optionalBearer,
        params: IdParams,
        querystring: AudioTokenQuery,
        response: {
          200: binaryAudio('The whole file'),
          206: binaryAudio('The requested byte range'),
          304: { description: 'Not modified', type: 'null' },
          ...errorResponses(401, 403, 404, 416),
        },
      },
      handler: async (request, reply) => {
        const { token } = request.query;
        const episode = await playableEpisode(db, services.audioLinks, request.user, request.params.id, { kind: 'audio', token });
        const audio = await openEpisodeAudio(storage, episode, conditionalRequest(request.method, request.headers), audioCacheControl(episode, 'api'));
        return reply.status(audio.status).headers(audio.headers).send(audio.body);
      },
    });
  };
}
