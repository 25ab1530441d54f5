// The private feeds' one credential: the token in the path. Like requireUser for a bearer
// token, a preHandler opens what the token names (a 404 for anything else) and meters the
// request per token, apart from the owner's API budget, so a podcast app can never lock
// its owner out of the API and a rotated token starts with a fresh budget. Handlers then
// read what the feed lists (a playlist, or a show) with currentFeed(request).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import { AppError } from '@castwright/core/errors';
import { openFeed, type FeedSource } from '../feeds/feed-access.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { feedRequestsPerHour } from '../rate-limit/rules.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the path's feed token opens (a playlist or a show), set by requireFeed. */
    feedSource: FeedSource | null;
  }
}

export function feedTokenCheck(services: { db: Db; config: Config; limiter: RateLimiter }) {
  return async function requireFeed(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const { token } = request.params as { token: string };
    const feed = await openFeed(services.db, token);
    reply.headers(await services.limiter.enforce(feedRequestsPerHour(services.config.feedRequestsPerHour), feed.tokenHash));
    request.feedSource = feed.source;
  };
}

/** What requireFeed opened; calling it on a route without that hook is a bug. */
export function currentFeed(request: FastifyRequest): FeedSource {
  if (!request.feedSource) throw new AppError('notFound', 'Feed not found');
  return request.feedSource;
}
