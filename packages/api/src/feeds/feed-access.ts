// What a feed token opens. A token that is malformed, unknown, rotated or revoked is a
// 404, as is any episode that is not a ready member of the token's own playlist (one
// removed from the playlist stops being reachable at once). A valid token's requests
// are metered per token, apart from the owner's API budget.
import type { FastifyReply } from 'fastify';
import type { Config } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { selectFeedEpisode, selectPlaylistByFeedToken, type FeedPlaylist } from '@castwright/core/repositories/playlist-feeds';
import { hashSecret } from '@castwright/core/secret-hash';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { feedRequestsPerHour } from '../rate-limit/rules.ts';

export interface FeedServices {
  db: Db;
  config: Config;
  limiter: RateLimiter;
}

/** randomSecret(): 32 bytes, base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export async function openFeed(services: FeedServices, token: string, reply: FastifyReply): Promise<FeedPlaylist> {
  const tokenHash = TOKEN_SHAPE.test(token) ? hashSecret(token) : undefined;
  const playlist = tokenHash && (await selectPlaylistByFeedToken(services.db, tokenHash));
  if (!tokenHash || !playlist) throw new AppError('notFound', 'Feed not found');
  await services.limiter.enforce(feedRequestsPerHour(services.config.feedRequestsPerHour), tokenHash, reply);
  return playlist;
}

export async function openFeedEpisode(services: FeedServices, token: string, episodeId: string, reply: FastifyReply): Promise<EpisodeRow> {
  const playlist = await openFeed(services, token, reply);
  const episode = await selectFeedEpisode(services.db, playlist.id, episodeId);
  if (!episode) throw new AppError('notFound', 'Episode not found in this feed');
  return episode;
}
