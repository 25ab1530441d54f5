// Turning a playlist's private feed on, rotating its token, and revoking it. The token
// (256 random bits) is shown once, inside the feed URL; only its SHA-256 is stored, and
// replacing or deleting the row makes the previous URL a 404 from that commit on.
import type { Config } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { deleteFeed, upsertFeedToken } from '@castwright/core/repositories/playlist-feeds';
import { selectOwnPlaylist } from '@castwright/core/repositories/playlists';
import { hashSecret, randomSecret } from '@castwright/core/secret-hash';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';
import { ownedOr404 } from '../owned-or-404.ts';
import { feedUrls } from './feed-urls.ts';

export const FEED_URL_WARNING =
  'Anyone with this address can listen to every episode in the playlist. Keep it private; POST again to replace it or DELETE to turn the feed off.';

export interface EnabledFeed {
  feedUrl: string;
  createdAt: string;
}

/** Creates the feed, or rotates its token when it exists; the answer (the URL, shown once) is recorded with the new hash. */
export async function enableFeed(db: Db, config: Config, user: UserRow, playlistId: string, answer: AnswerRecorder<EnabledFeed>): Promise<EnabledFeed> {
  const token = randomSecret();
  return db.transaction().execute(async (trx) => {
    const playlist = await ownedOr404('playlist', selectOwnPlaylist(trx, user.id, playlistId));
    const feed = await upsertFeedToken(trx, playlist.id, hashSecret(token));
    const enabled = { feedUrl: feedUrls(config, token).feed, createdAt: feed.created_at.toISOString() };
    await answer.record(trx, enabled);
    return enabled;
  });
}

export async function revokeFeed(db: Db, user: UserRow, playlistId: string): Promise<void> {
  const playlist = await ownedOr404('playlist', selectOwnPlaylist(db, user.id, playlistId));
  if (!(await deleteFeed(db, playlist.id))) throw new AppError('notFound', 'This playlist has no feed');
}
