// Playlists: rows with their member count and total audio length. Every look-up is
// scoped by owner, so another user's playlist reads as missing.
import { sql } from 'kysely';
import type { Executor, Trx } from '../db/connect.ts';
import type { PlaylistRow } from '../db/schema.ts';

export interface PlaylistSummaryRow extends PlaylistRow {
  episode_count: number;
  /** Sum of the members' audio lengths in whole seconds (each rounded, as the API shows them). */
  total_duration: number;
}

export async function insertPlaylist(trx: Trx, playlist: { id: string; user_id: string; name: string; description: string }): Promise<PlaylistRow> {
  return trx.insertInto('playlists').values(playlist).returningAll().executeTakeFirstOrThrow();
}

/**
 * Serialises creating playlists per account, so a count-then-insert cannot exceed the
 * per-account bound under concurrency. NO KEY UPDATE: foreign-key checks on the user
 * row (KEY SHARE) are not blocked.
 */
export async function lockAccountPlaylists(trx: Trx, userId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

export async function countPlaylists(db: Executor, userId: string): Promise<number> {
  const row = await db.selectFrom('playlists').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return row.n;
}

export async function selectOwnPlaylist(db: Executor, userId: string, id: string): Promise<PlaylistRow | undefined> {
  return db.selectFrom('playlists').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** The owner's playlist, locked until the transaction ends: member changes to one playlist queue up. */
export async function lockOwnPlaylist(trx: Trx, userId: string, id: string): Promise<PlaylistRow | undefined> {
  return trx.selectFrom('playlists').selectAll().where('id', '=', id).where('user_id', '=', userId).forNoKeyUpdate().executeTakeFirst();
}

function summaries(db: Executor) {
  return db
    .selectFrom('playlists')
    .leftJoin('playlist_episodes as member', 'member.playlist_id', 'playlists.id')
    .leftJoin('episodes', 'episodes.id', 'member.episode_id')
    .selectAll('playlists')
    .select([
      sql<number>`count(member.episode_id)::int`.as('episode_count'),
      sql<number>`coalesce(sum(round(episodes.audio_duration_ms / 1000.0)), 0)::int`.as('total_duration'),
    ])
    .groupBy('playlists.id');
}

export async function selectPlaylistSummary(db: Executor, userId: string, id: string): Promise<PlaylistSummaryRow | undefined> {
  return summaries(db).where('playlists.id', '=', id).where('playlists.user_id', '=', userId).executeTakeFirst();
}

export async function selectPlaylistSummaryPage(
  db: Executor,
  query: { userId: string; limit: number; offset: number },
): Promise<{ rows: PlaylistSummaryRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    summaries(db)
      .where('playlists.user_id', '=', query.userId)
      .orderBy('playlists.created_at', 'desc')
      .orderBy('playlists.id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    countPlaylists(db, query.userId),
  ]);
  return { rows, total };
}

/** Every playlist of a user with its members' ids in order (for the data export). */
export async function selectAllPlaylists(db: Executor, userId: string): Promise<(PlaylistRow & { episode_ids: string[] })[]> {
  return db
    .selectFrom('playlists')
    .selectAll('playlists')
    .select(
      sql<string[]>`coalesce((SELECT array_agg(m.episode_id ORDER BY m.position) FROM playlist_episodes m WHERE m.playlist_id = playlists.id), '{}')`.as('episode_ids'),
    )
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function updatePlaylist(
  db: Executor,
  userId: string,
  id: string,
  changes: { name?: string | undefined; description?: string | undefined },
): Promise<PlaylistRow | undefined> {
  return db
    .updateTable('playlists')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the playlist, its memberships and its feed (cascades); the episodes stay. */
export async function deletePlaylist(db: Executor, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('playlists').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
