// Deleting a playlist: its memberships and feed go with it; the episodes stay. An If-Match
// is checked under the playlist's lock.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { deletePlaylist, lockOwnPlaylist } from '@castwright/core/repositories/playlists';
import { ownedOr404 } from '../owned-or-404.ts';
import { checkPlaylistIfMatch } from './read-playlists.ts';

export async function removePlaylist(db: Db, user: UserRow, id: string, ifMatch: string | undefined): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await checkPlaylistIfMatch(trx, await ownedOr404('playlist', lockOwnPlaylist(trx, user.id, id)), ifMatch);
    await deletePlaylist(trx, user.id, id);
  });
}
