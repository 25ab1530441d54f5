// GET /api/episodes/:id/stream: progress as Server-Sent Events.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { readableEpisode } from '../episodes/readable-episode.ts';
import { openEventStream } from '../plugins/event-stream-reply.ts';
import { followEpisode } from '../progress/follow-episode.ts';
import { followVideos } from '../progress/follow-videos.ts';
import { sharedSink } from '../progress/shared-sink.ts';
import { errorResponses, IdParams } from '../schemas/common.ts';
import { bearer } from '../schemas/security.ts';
import { StreamMessage, StreamQuery } from '../schemas/stream.ts';
import type { ApiServices } from '../services.ts';

export function episodeStreamRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth, progressHub, videoNotices } = services;
  return async (app) => {
    app.get('/api/episodes/:id/stream', {
      preHandler: auth.requireUser,
      schema: {
        tags: ['episodes'],
        summary: 'Follow processing as Server-Sent Events',
        description:
          'Content type text/event-stream. The first message is the current state; then one `data:` message per change: ' +
          '{"status","progressPercent"} (10 ingesting, 30 generating_script, 70 to 99 generating_audio, 100 ready), plus ' +
          '`audioUrl` and `audioDuration` at ready and `error` at error; while generating_audio, once the first lines can be heard, `previewUrl` ' +
          'and `previewDurationMs` (a message whenever the live stream grows). The server closes the stream after ready or error. ' +
          'A `: keep-alive` comment is sent every 15 seconds. With `media=true` the stream also carries the making of the episode\'s ' +
          'videos and clips as `event: video` messages {"id","kind","shape","status","progressPercent"} (plain `message` listeners never ' +
          'see them), and ends once the episode is ready or failed and no video or clip is being made.',
        security: bearer,
        params: IdParams,
        querystring: StreamQuery,
        response: {
          200: { description: 'An event stream of progress messages', content: { 'text/event-stream': { schema: StreamMessage } } },
          ...errorResponses(401, 404),
        },
      },
    }, async (request, reply) => {
      const episode = await readableEpisode(db, request.user, request.params.id);
      const stream = openEventStream(reply);
      if (request.query.media !== true) {
        await followEpisode({ db, progressHub, logger: request.log }, episode.id, stream);
        return;
      }
      const [episodePart, videoPart] = sharedSink(stream);
      await followEpisode({ db, progressHub, logger: request.log }, episode.id, episodePart);
      await followVideos({ db, videoNotices, logger: request.log }, episode.id, videoPart);
    });
  };
}
