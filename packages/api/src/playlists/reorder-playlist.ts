// Reordering a playlist: the request names every current member exactly once, in the
// new order; anything else is a 400 that says which ids are missing, extra or repeated.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { selectMemberIds, updateMemberPositions } from '@castwright/core/repositories/playlist-episodes';
import { lockOwnPlaylist } from '@castwright/core/repositories/playlists';
import { ownedOr404 } from '../owned-or-404.ts';
import { checkPlaylistIfMatch } from './read-playlists.ts';

export async function reorderPlaylist(db: Db, user: UserRow, playlistId: string, episodeIds: readonly string[], ifMatch: string | undefined): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await checkPlaylistIfMatch(trx, await ownedOr404('playlist', lockOwnPlaylist(trx, user.id, playlistId)), ifMatch);
    const current = await selectMemberIds(trx, playlistId);
    const problems = orderProblems(current, episodeIds);
    if (problems.length > 0) {
      throw AppError.validation(`episodeIds must list each of the playlist's ${current.length} episodes exactly once: ${problems.join('; ')}`, problems);
    }
    await updateMemberPositions(trx, playlistId, episodeIds);
  });
}

function orderProblems(current: readonly string[], wanted: readonly string[]): string[] {
  const members = new Set(current);
  const named = new Set(wanted);
  const missing = current.filter((id) => !named.has(id));
  const extra = [...named].filter((id) => !members.has(id));
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const id of wanted) {
    if (seen.has(id)) repeated.add(id);
    seen.add(id);
  }
  return [
    ...(missing.length > 0 ? [`missing: ${missing.join(', ')}`] : []),
    ...(extra.length > 0 ? [`not in the playlist: ${extra.join(', ')}`] : []),
    ...(repeated.size > 0 ? [`listed more than once: ${[...repeated].join(', ')}`] : []),
  ];
}
