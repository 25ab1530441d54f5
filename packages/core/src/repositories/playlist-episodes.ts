// Playlist members and their positions. Positions are 1..n without gaps: adds append
// under the playlist's row lock, reorders rewrite every position in one statement, and
// a trigger (migration 0006) closes the gap after any removal.
import { sql } from 'kysely';
import type { Executor, Trx } from '../db/connect.ts';
import type { EpisodeRow } from '../db/schema.ts';

export type PlaylistMember = EpisodeRow & { position: number };

/** The members with their episodes, in playlist order. */
export async function selectPlaylistMembers(db: Executor, playlistId: string): Promise<PlaylistMember[]> {
  return db
    .selectFrom('playlist_episodes as member')
    .innerJoin('episodes', 'episodes.id', 'member.episode_id')
    .selectAll('episodes')
    .select('member.position')
    .where('member.playlist_id', '=', playlistId)
    .orderBy('member.position')
    .execute();
}

export async function selectMemberIds(db: Executor, playlistId: string): Promise<string[]> {
  const rows = await db.selectFrom('playlist_episodes').select('episode_id').where('playlist_id', '=', playlistId).orderBy('position').execute();
  return rows.map((row) => row.episode_id);
}

/**
 * Appends an episode at position n+1; the caller holds the playlist's lock. Returns
 * false when the episode is already a member (nothing changes).
 */
export async function insertMember(trx: Trx, member: { playlistId: string; episodeId: string; userId: string }): Promise<boolean> {
  const row = await trx
    .insertInto('playlist_episodes')
    .columns(['playlist_id', 'episode_id', 'user_id', 'position'])
    .expression(
      trx
        .selectFrom('playlist_episodes')
        .select([
          sql<string>`${member.playlistId}::text`.as('playlist_id'),
          sql<string>`${member.episodeId}::text`.as('episode_id'),
          sql<string>`${member.userId}::uuid`.as('user_id'),
          sql<number>`coalesce(max(position), 0) + 1`.as('position'),
        ])
        .where('playlist_id', '=', member.playlistId),
    )
    .onConflict((conflict) => conflict.columns(['playlist_id', 'episode_id']).doNothing())
    .returning('episode_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countMembers(db: Executor, playlistId: string): Promise<number> {
  const row = await db.selectFrom('playlist_episodes').select(sql<number>`count(*)::int`.as('n')).where('playlist_id', '=', playlistId).executeTakeFirstOrThrow();
  return row.n;
}

/** Removes a member; the trigger renumbers the rest. False when it was not a member. */
export async function deleteMember(db: Executor, playlistId: string, episodeId: string): Promise<boolean> {
  const result = await db.deleteFrom('playlist_episodes').where('playlist_id', '=', playlistId).where('episode_id', '=', episodeId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Gives every member its index in `episodeIds` (1-based), in one statement; the caller checked the set. */
export async function updateMemberPositions(trx: Trx, playlistId: string, episodeIds: readonly string[]): Promise<void> {
  await sql`
    UPDATE playlist_episodes AS member
       SET position = wanted.position
      FROM unnest(${sql.val([...episodeIds])}::text[]) WITH ORDINALITY AS wanted(episode_id, position)
     WHERE member.playlist_id = ${playlistId} AND member.episode_id = wanted.episode_id
  `.execute(trx);
}

/**
 * Locks every playlist holding the episode, in id order (the order the removal trigger
 * and member changes use), before the episode is deleted: the trigger's renumbering
 * then never waits on a member row that a reorder of the same playlist holds.
 */
export async function lockPlaylistsOfEpisode(trx: Trx, episodeId: string): Promise<void> {
  await trx
    .selectFrom('playlists')
    .select('id')
    .where('id', 'in', (eb) => eb.selectFrom('playlist_episodes').select('playlist_id').where('episode_id', '=', episodeId))
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}
