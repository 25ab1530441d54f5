// Listening to an episode: signed addresses for players that cannot send a bearer token
// (GET /api/episodes/:id/listen) and the live stream while it is made (GET/HEAD
// /api/episodes/:id/live, with a bearer token, for a public episode, or with a signed token).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { signedEpisode } from '../episodes/audio-links.ts';
import { readListenLinks } from '../episodes/listen-links.ts';
import { openLiveStream } from '../episodes/live-stream.ts';
import { readableEpisode } from '../episodes/readable-episode.ts';
import { redactToken } from '../plugins/signed-link-access.ts';
import { errorResponses, IdParams } from '../schemas/common.ts';
import { binaryAudio } from '../schemas/episodes.ts';
import { AudioTokenQuery, ListenReply } from '../schemas/listen.ts';
import { optionalBearer } from '../schemas/security.ts';
import type { ApiServices } from '../services.ts';

export function episodeListenRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth, audioLinks } = services;
  return async (app) => {
    app.get('/api/episodes/:id/listen', {
      preHandler: auth.optionalUser,
      schema: {
        tags: ['episodes'],
        summary: 'Signed addresses to play the episode from (its file, its live stream while it is made, its videos and clips)',
        description:
          'For players that cannot send an Authorization header, such as a browser\'s `<audio>` or `<video>` element: each address carries a token bound to ' +
          'this episode, what it plays (the published revision, the live take, the revision\'s video in a shape, or a clip) and the account that asked, valid for `AUDIO_URL_TTL_SECONDS` ' +
          '(15 minutes by default). A link that is forged, altered, expired (403) or names a revision or take no longer served (404) serves nothing; ' +
          'it stops serving as soon as the account may no longer read the episode. Same access rules as GET /api/episodes/{id}.',
        security: optionalBearer,
        params: IdParams,
        response: { 200: ListenReply, ...errorResponses(401, 404) },
      },
    }, async (request) => {
      return { success: true as const, ...(await readListenLinks(db, audioLinks, request.user, request.params.id)) };
    });

    // HEAD is declared, not derived from GET: a derived HEAD would open the stream to discard it.
    app.route({
      method: ['GET', 'HEAD'],
      url: '/api/episodes/:id/live',
      preHandler: auth.optionalUser,
      config: { signedLink: true },
      logSerializers: { req: redactToken },
      schema: {
        tags: ['episodes'],
        summary: 'The live stream of an episode being made (progressive MP3)',
        description:
          'While the episode is `generating_audio` and `previewUrl` is set: an MP3 without a length that plays from the start and grows as lines are ' +
          'voiced (Transfer-Encoding: chunked), ending after the last line; the finished file at `audioUrl` replaces it at `ready`. Its loudness is ' +
          'within 1 LU of the finished file\'s and its timings are the finished transcript\'s. 404 when nothing can be heard (yet, or any more). ' +
          'Credentials: a bearer token, none for a public episode, or `token` from GET /api/episodes/{id}/listen.',
        security: optionalBearer,
        params: IdParams,
        querystring: AudioTokenQuery,
        response: { 200: binaryAudio('The stream, as it is made'), ...errorResponses(401, 403, 404) },
      },
      handler: async (request, reply) => {
        const { token } = request.query;
        const { episode, version } = token === undefined
          ? await readableEpisode(db, request.user, request.params.id).then((row) => ({ episode: row, version: row.live_take }))
          : await signedEpisode(db, audioLinks, 'live', request.params.id, token);
        const stream = await openLiveStream({ db, storage: services.storage, progressHub: services.progressHub, logger: request.log }, episode, version, request.method === 'HEAD');
        return reply.status(stream.status).headers(stream.headers).send(stream.body);
      },
    });
  };
}
