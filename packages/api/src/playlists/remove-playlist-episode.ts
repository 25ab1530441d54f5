// Removing an episode from a playlist (the episode itself stays). The members after it
// move up one place: the database's removal trigger renumbers them in this transaction.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { deleteMember } from '@castwright/core/repositories/playlist-episodes';
import { lockOwnPlaylist } from '@castwright/core/repositories/playlists';
import { ownedOr404 } from '../owned-or-404.ts';
import { checkPlaylistIfMatch } from './read-playlists.ts';

export async function removePlaylistEpisode(db: Db, user: UserRow, playlistId: string, episodeId: string, ifMatch: string | undefined): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await checkPlaylistIfMatch(trx, await ownedOr404('playlist', lockOwnPlaylist(trx, user.id, playlistId)), ifMatch);
    if (!(await deleteMember(trx, playlistId, episodeId))) throw new AppError('notFound', 'The episode is not in this playlist');
  });
}
