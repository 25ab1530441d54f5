// An episode as captioned video: the whole episode in a shape, and clips of it to share.
// The MP4s are read as the episode's audio is (same readers, ranges, validators and caching);
// clips are listed, made and deleted by the episode's owner (another account's: 404).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MAX_CLIP_MS } from '@castwright/core/video/video-shapes';
import { createClip, listClips, readClip, readClipVideo, removeClip } from '../episodes/episode-clips.ts';
import { readEpisodeVideo } from '../episodes/episode-video.ts';
import type { VideoView } from '../episodes/video-views.ts';
import { playableEpisode } from '../episodes/audio-links.ts';
import { conditionalRequest } from '../http/conditional-get.ts';
import { redactToken } from '../plugins/signed-link-access.ts';
import { AudioTokenQuery } from '../schemas/listen.ts';
import { currentUser } from '../plugins/authentication.ts';
import { idempotentAnswer } from '../plugins/idempotent-answer.ts';
import { sendVideo } from '../plugins/video-reply.ts';
import { errorResponses, IdParams, MessageBody } from '../schemas/common.ts';
import { bearer, optionalBearer } from '../schemas/security.ts';
import { binaryVideo, ClipList, ClipParams, ClipReply, CreateClipBody, VideoPending, VideoQuery } from '../schemas/videos.ts';
import type { ApiServices } from '../services.ts';

const MP4 =
  'An MP4 (H.264 video, AAC audio, `faststart`): the artwork (or a card with the title), the title, the current chapter, level bars moving ' +
  'with the voice, and captions of the line being said with its speaker, in the episode\'s language. Supports `Range` (206; 416 outside ' +
  'the file), `If-Range` and conditional GET (`ETag`/`Last-Modified`, 304), `Cache-Control: no-cache` as the audio. Same access rules as ' +
  'GET /api/episodes/{id}/audio, or a signed `token` from GET /api/episodes/{id}/listen for a `<video>` element (403 when forged, altered, ' +
  'expired or for another video; 404 once the episode is no longer readable by the account that asked or, for the episode\'s video, its revision is no longer the one published).';
const MAKING =
  'A media worker makes it on the first request: until it is stored, 202 with `Retry-After` and the `video` being made (its ' +
  '`progressPercent`), which the episode\'s event stream with `?media=true` also carries; a making that failed is a 409 with the reason ' +
  '(asked again after a minute, it is tried once more).';

export function episodeVideoRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, storage, auth } = services;
  const queueing = { fair: services.config.fairScheduling };
  return async (app) => {
    app.route({
      method: ['GET', 'HEAD'],
      url: '/api/episodes/:id/video',
      preHandler: auth.optionalUser,
      config: { signedLink: true },
      logSerializers: { req: redactToken },
      schema: {
        tags: ['videos'],
        summary: 'The episode as a captioned video (MP4)',
        description: `${MP4} ${MAKING} Made once per published revision and shape: after a re-render the next request makes a new one.`,
        security: optionalBearer,
        params: IdParams,
        querystring: VideoQuery,
        response: {
          200: binaryVideo('The whole file'),
          202: VideoPending,
          206: binaryVideo('The requested byte range'),
          304: { description: 'Not modified', type: 'null' },
          ...errorResponses(400, 401, 404, 409, 416, 429),
        },
      },
      handler: async (request, reply) => {
        const shape = request.query.shape ?? 'square';
        const episode = await playableEpisode(db, services.audioLinks, request.user, request.params.id, { kind: `video:${shape}`, token: request.query.token });
        const answer = await readEpisodeVideo({ db, storage, queueing }, episode, { shape }, conditionalRequest(request.method, request.headers));
        return sendVideo(reply, answer);
      },
    });

    app.post('/api/episodes/:id/clips', {
      preHandler: auth.requireUser,
      config: { idempotent: true },
      schema: {
        tags: ['videos'],
        summary: 'Make a clip of a passage',
        description:
          `Up to ${MAX_CLIP_MS / 1000} s of the episode as a captioned video of \`shape\` (default \`square\`). The start moves to the nearest ` +
          'transcript line\'s start and the end to the nearest line end after it (a span that would grow past the bound ends at the last ' +
          'whole line inside it), so the clip\'s `startMs`/`endMs` are what was made. 400 for an end before the start, a span over the bound ' +
          'or one past the episode\'s end; 409 `Limit reached` beyond the tier\'s clips an episode (`limits.clipsPerEpisode` in the price ' +
          'list). The same passage asked for again is the same clip. 202: the clip is made by a media worker (follow `streamUrl`).',
        security: bearer,
        params: IdParams,
        body: CreateClipBody,
        response: { 202: ClipReply, ...errorResponses(400, 401, 404, 409, 429) },
      },
    }, async (request, reply) => {
      const answer = idempotentAnswer(request, reply, 202, (clip: VideoView) => ({ success: true as const, clip }));
      const { startMs, endMs, shape } = request.body;
      await createClip(db, currentUser(request), request.params.id, { startMs, endMs, shape: shape ?? 'square' }, answer, queueing);
      return answer.send();
    });

    app.get('/api/episodes/:id/clips', {
      preHandler: auth.requireUser,
      schema: {
        tags: ['videos'],
        summary: "The episode's clips",
        description: 'Every clip of the episode, oldest first (at most `limit`, so never paginated). Owner only.',
        security: bearer,
        params: IdParams,
        response: { 200: ClipList, ...errorResponses(401, 404, 429) },
      },
    }, async (request) => ({ success: true as const, ...(await listClips(db, currentUser(request), request.params.id)) }));

    app.get('/api/episodes/:id/clips/:clipId', {
      preHandler: auth.requireUser,
      schema: {
        tags: ['videos'],
        summary: 'One clip',
        description: 'The clip with its status and progress while it is made, its span and where to fetch its video. Owner only.',
        security: bearer,
        params: ClipParams,
        response: { 200: ClipReply, ...errorResponses(401, 404, 429) },
      },
    }, async (request) => ({ success: true as const, clip: await readClip(db, currentUser(request), request.params.id, request.params.clipId) }));

    app.delete('/api/episodes/:id/clips/:clipId', {
      preHandler: auth.requireUser,
      schema: {
        tags: ['videos'],
        summary: 'Delete a clip',
        description: 'The clip and its video; the episode keeps room for another.',
        security: bearer,
        params: ClipParams,
        response: { 200: MessageBody, ...errorResponses(401, 404, 429) },
      },
    }, async (request) => {
      await removeClip({ db, storage, logger: request.log }, currentUser(request), request.params.id, request.params.clipId);
      return { success: true as const, message: 'Clip deleted' };
    });

    app.route({
      method: ['GET', 'HEAD'],
      url: '/api/episodes/:id/clips/:clipId/video',
      preHandler: auth.optionalUser,
      config: { signedLink: true },
      logSerializers: { req: redactToken },
      schema: {
        tags: ['videos'],
        summary: "A clip's video (MP4)",
        description: `${MP4} 202 with \`Retry-After\` while it is made; 409 when its making failed.`,
        security: optionalBearer,
        params: ClipParams,
        querystring: AudioTokenQuery,
        response: {
          200: binaryVideo('The whole file'),
          202: VideoPending,
          206: binaryVideo('The requested byte range'),
          304: { description: 'Not modified', type: 'null' },
          ...errorResponses(401, 404, 409, 416, 429),
        },
      },
      handler: async (request, reply) => {
        const { id, clipId } = request.params;
        const episode = await playableEpisode(db, services.audioLinks, request.user, id, { kind: `clip:${clipId}`, token: request.query.token });
        const answer = await readClipVideo({ db, storage, queueing }, episode, { clipId }, conditionalRequest(request.method, request.headers));
        return sendVideo(reply, answer);
      },
    });
  };
}
