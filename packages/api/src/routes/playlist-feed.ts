// A playlist's private podcast feed: POST creates it or rotates its token, DELETE
// turns it off. The owner's own API routes; the feed itself is served by routes/feeds.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { enableFeed, FEED_URL_WARNING, revokeFeed, type EnabledFeed } from '../feeds/feed-token.ts';
import { currentUser } from '../plugins/authentication.ts';
import { idempotentAnswer } from '../plugins/idempotent-answer.ts';
import { errorResponses, MessageBody } from '../schemas/common.ts';
import { FeedReply, PlaylistParams } from '../schemas/playlists.ts';
import { bearer } from '../schemas/security.ts';
import type { ApiServices } from '../services.ts';

export function playlistFeedRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth, config } = services;
  const common = { tags: ['playlists'], security: bearer };
  return async (app) => {
    app.post('/api/playlists/:id/feed', {
      preHandler: auth.requireUser,
      config: { idempotent: true },
      schema: {
        ...common,
        summary: 'Create the playlist’s private podcast feed, or replace its address',
        description:
          '`feedUrl` is an HTTPS address under PUBLIC_BASE_URL holding a new 256-bit token (stored only as a hash) for a podcast app ' +
          'to subscribe to. Calling again rotates the token: the previous address answers 404 at once.',
        params: PlaylistParams,
        response: { 200: FeedReply, ...errorResponses(401, 404, 429) },
      },
    }, async (request, reply) => {
      const answer = idempotentAnswer(request, reply, 200, (feed: EnabledFeed) => ({ success: true as const, ...feed, warning: FEED_URL_WARNING }));
      await enableFeed(db, config, currentUser(request), request.params.id, answer);
      return answer.send();
    });

    app.delete('/api/playlists/:id/feed', {
      preHandler: auth.requireUser,
      schema: {
        ...common,
        summary: 'Turn the playlist’s private feed off',
        description: 'Every address of the feed answers 404 from then on. 404 when the playlist has no feed.',
        params: PlaylistParams,
        response: { 200: MessageBody, ...errorResponses(401, 404, 429) },
      },
    }, async (request) => {
      await revokeFeed(db, currentUser(request), request.params.id);
      return { success: true as const, message: 'Feed turned off; its address no longer works' };
    });
  };
}
