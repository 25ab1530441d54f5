// A show's private podcast feed: one current token per show, stored as its SHA-256 hash.
// Everything a show feed serves is found through the token's hash: the show's episodes
// with published audio, and nothing else.
import { sql } from 'kysely';
import type { Executor } from '../db/connect.ts';
import type { EpisodeRow, ShowFeedRow, ShowRow } from '../db/schema.ts';

/** Creates the show's feed or replaces its token: the previous token stops working in the same commit. */
export async function upsertShowFeedToken(db: Executor, showId: string, tokenHash: string): Promise<ShowFeedRow> {
  return db
    .insertInto('show_feeds')
    .values({ show_id: showId, token_hash: tokenHash })
    .onConflict((conflict) => conflict.column('show_id').doUpdateSet({ token_hash: tokenHash, created_at: sql`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteShowFeed(db: Executor, showId: string): Promise<boolean> {
  const result = await db.deleteFrom('show_feeds').where('show_id', '=', showId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export type FeedShow = ShowRow & { feed_created_at: Date };

/** The show a feed token opens, or undefined for an unknown, rotated or revoked token. */
export async function selectShowByFeedToken(db: Executor, tokenHash: string): Promise<FeedShow | undefined> {
  return db
    .selectFrom('show_feeds as feed')
    .innerJoin('shows', 'shows.id', 'feed.show_id')
    .selectAll('shows')
    .select('feed.created_at as feed_created_at')
    .where('feed.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

function publishedEpisodes(db: Executor, showId: string) {
  // Published audio, also while a new revision renders (it is served until that one is published).
  return db.selectFrom('episodes').selectAll().where('show_id', '=', showId).where('audio_key', 'is not', null);
}

/** The show's episodes with published audio, newest first: the feed's items. */
export async function selectShowFeedEpisodes(db: Executor, showId: string): Promise<EpisodeRow[]> {
  return publishedEpisodes(db, showId).orderBy(sql`coalesce(completed_at, created_at)`, 'desc').orderBy('id', 'desc').execute();
}

/** One published episode of the show; undefined for anything else. */
export async function selectShowFeedEpisode(db: Executor, showId: string, episodeId: string): Promise<EpisodeRow | undefined> {
  return publishedEpisodes(db, showId).where('id', '=', episodeId).executeTakeFirst();
}
