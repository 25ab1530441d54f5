// Creating a playlist, within the per-account bound. The account's playlists are
// locked while counting, so parallel creates cannot pass the bound together.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { newId } from '@castwright/core/ids';
import { countPlaylists, insertPlaylist, lockAccountPlaylists } from '@castwright/core/repositories/playlists';
import { PLAYLIST_LIMITS } from './playlist-limits.ts';
import { playlistSummary } from './playlist-views.ts';
import { playlistText } from './playlist-text.ts';

export async function createPlaylist(db: Db, user: UserRow, input: { name: string; description?: string | undefined }) {
  const { name = '', description = '' } = playlistText(input);
  const playlist = await db.transaction().execute(async (trx) => {
    await lockAccountPlaylists(trx, user.id);
    if ((await countPlaylists(trx, user.id)) >= PLAYLIST_LIMITS.playlistsPerAccount) {
      throw new AppError('limitReached', `An account can hold at most ${PLAYLIST_LIMITS.playlistsPerAccount} playlists; delete one to create another`);
    }
    return insertPlaylist(trx, { id: newId('playlist'), user_id: user.id, name, description });
  });
  return playlistSummary({ ...playlist, episode_count: 0, total_duration: 0 });
}
