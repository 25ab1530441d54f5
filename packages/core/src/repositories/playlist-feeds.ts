// Private podcast feeds: one current token per playlist, stored as its SHA-256 hash.
// Everything a feed serves is found through the token's hash, so a token reaches its
// own playlist's ready members and nothing else.
import { sql } from 'kysely';
import type { Executor } from '../db/connect.ts';
import type { EpisodeRow, PlaylistFeedRow, PlaylistRow } from '../db/schema.ts';
import type { PlaylistMember } from './playlist-episodes.ts';

/** Creates the playlist's feed or replaces its token: the previous token stops working in the same commit. */
export async function upsertFeedToken(db: Executor, playlistId: string, tokenHash: string): Promise<PlaylistFeedRow> {
  return db
    .insertInto('playlist_feeds')
    .values({ playlist_id: playlistId, token_hash: tokenHash })
    .onConflict((conflict) => conflict.column('playlist_id').doUpdateSet({ token_hash: tokenHash, created_at: sql`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteFeed(db: Executor, playlistId: string): Promise<boolean> {
  const result = await db.deleteFrom('playlist_feeds').where('playlist_id', '=', playlistId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function selectFeed(db: Executor, playlistId: string): Promise<PlaylistFeedRow | undefined> {
  return db.selectFrom('playlist_feeds').selectAll().where('playlist_id', '=', playlistId).executeTakeFirst();
}

export type FeedPlaylist = PlaylistRow & { feed_created_at: Date };

/** The playlist a feed token opens, or undefined for an unknown, rotated or revoked token. */
export async function selectPlaylistByFeedToken(db: Executor, tokenHash: string): Promise<FeedPlaylist | undefined> {
  return db
    .selectFrom('playlist_feeds as feed')
    .innerJoin('playlists', 'playlists.id', 'feed.playlist_id')
    .selectAll('playlists')
    .select('feed.created_at as feed_created_at')
    .where('feed.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

function readyMembers(db: Executor, playlistId: string) {
  return db
    .selectFrom('playlist_episodes as member')
    .innerJoin('episodes', 'episodes.id', 'member.episode_id')
    .where('member.playlist_id', '=', playlistId)
    // Published audio, also while a new revision renders (it is served until that one is published).
    .where('episodes.audio_key', 'is not', null);
}

/** The playlist's ready episodes in playlist order: the feed's items. */
export async function selectFeedEpisodes(db: Executor, playlistId: string): Promise<PlaylistMember[]> {
  return readyMembers(db, playlistId).selectAll('episodes').select('member.position').orderBy('member.position').execute();
}

/** One ready member of the playlist; undefined for anything else (another playlist's episode, a removed one). */
export async function selectFeedEpisode(db: Executor, playlistId: string, episodeId: string): Promise<EpisodeRow | undefined> {
  return readyMembers(db, playlistId).selectAll('episodes').where('episodes.id', '=', episodeId).executeTakeFirst();
}
