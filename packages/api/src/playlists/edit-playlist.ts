// Renaming a playlist or changing its description (PUT /api/playlists/:id), under the
// playlist's lock, so an If-Match is checked against what is changed.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { lockOwnPlaylist, selectPlaylistSummary, updatePlaylist } from '@castwright/core/repositories/playlists';
import { ownedOr404 } from '../owned-or-404.ts';
import { playlistText } from './playlist-text.ts';
import { playlistSummary } from './playlist-views.ts';
import { checkPlaylistIfMatch } from './read-playlists.ts';

export async function editPlaylist(db: Db, user: UserRow, id: string, input: { name?: string | undefined; description?: string | undefined }, ifMatch: string | undefined) {
  return db.transaction().execute(async (trx) => {
    await checkPlaylistIfMatch(trx, await ownedOr404('playlist', lockOwnPlaylist(trx, user.id, id)), ifMatch);
    await updatePlaylist(trx, user.id, id, playlistText(input));
    return playlistSummary(await ownedOr404('playlist', selectPlaylistSummary(trx, user.id, id)));
  });
}
