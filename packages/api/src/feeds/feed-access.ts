// What a feed token opens. A token that is malformed, unknown, rotated or revoked is a
// 404, as is any episode that is not a ready member of the token's own playlist (one
// removed from the playlist stops being reachable at once). A valid token's requests
// are metered per token, apart from the owner's API budget (plugins/feed-token-check.ts).
import type { Db } from '@castwright/core/db/connect';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { selectFeedEpisode, selectPlaylistByFeedToken, type FeedPlaylist } from '@castwright/core/repositories/playlist-feeds';
import { hashSecret } from '@castwright/core/secret-hash';

export interface OpenedFeed {
  playlist: FeedPlaylist;
  /** The token's SHA-256: what the feed's rate limit is keyed by, never the token itself. */
  tokenHash: string;
}

/** randomSecret(): 32 bytes, base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export async function openFeed(db: Db, token: string): Promise<OpenedFeed> {
  const tokenHash = TOKEN_SHAPE.test(token) ? hashSecret(token) : undefined;
  const playlist = tokenHash && (await selectPlaylistByFeedToken(db, tokenHash));
  if (!tokenHash || !playlist) throw new AppError('notFound', 'Feed not found');
  return { playlist, tokenHash };
}

export async function openFeedEpisode(db: Db, playlist: FeedPlaylist, episodeId: string): Promise<EpisodeRow> {
  const episode = await selectFeedEpisode(db, playlist.id, episodeId);
  if (!episode) throw new AppError('notFound', 'Episode not found in this feed');
  return episode;
}
