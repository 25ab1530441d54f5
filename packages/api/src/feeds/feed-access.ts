// What a feed token opens: a playlist's feed or a show's. A token that is malformed,
// unknown, rotated or revoked is a 404, as is any episode that is not in the token's own
// feed (a playlist's ready members; a show's episodes with published audio): one removed
// from the playlist or the show stops being reachable at once. A valid token's requests
// are metered per token, apart from the owner's API budget (plugins/feed-token-check.ts).
import type { Db } from '@castwright/core/db/connect';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { selectFeedEpisode, selectPlaylistByFeedToken, type FeedPlaylist } from '@castwright/core/repositories/playlist-feeds';
import { selectShowByFeedToken, selectShowFeedEpisode, type FeedShow } from '@castwright/core/repositories/show-feeds';
import { hashSecret } from '@castwright/core/secret-hash';

/** What a feed lists: a playlist's members in its order, or a show's episodes, newest first. */
export type FeedSource = { kind: 'playlist'; playlist: FeedPlaylist } | { kind: 'show'; show: FeedShow };

export interface OpenedFeed {
  source: FeedSource;
  /** The token's SHA-256: what the feed's rate limit is keyed by, never the token itself. */
  tokenHash: string;
}

/** randomSecret(): 32 bytes, base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

async function sourceOf(db: Db, tokenHash: string): Promise<FeedSource | undefined> {
  const playlist = await selectPlaylistByFeedToken(db, tokenHash);
  if (playlist) return { kind: 'playlist', playlist };
  const show = await selectShowByFeedToken(db, tokenHash);
  return show ? { kind: 'show', show } : undefined;
}

export async function openFeed(db: Db, token: string): Promise<OpenedFeed> {
  const tokenHash = TOKEN_SHAPE.test(token) ? hashSecret(token) : undefined;
  const source = tokenHash && (await sourceOf(db, tokenHash));
  if (!tokenHash || !source) throw new AppError('notFound', 'Feed not found');
  return { source, tokenHash };
}

export async function openFeedEpisode(db: Db, source: FeedSource, episodeId: string): Promise<EpisodeRow> {
  const episode = source.kind === 'playlist' ? await selectFeedEpisode(db, source.playlist.id, episodeId) : await selectShowFeedEpisode(db, source.show.id, episodeId);
  if (!episode) throw new AppError('notFound', 'Episode not found in this feed');
  return episode;
}
