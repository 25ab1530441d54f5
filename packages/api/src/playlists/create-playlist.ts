// Creating a playlist, within the per-account bound. The account's playlists are
// locked while counting, so parallel creates cannot pass the bound together. The answer
// is recorded in the creating transaction (Idempotency-Key).
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { newId } from '@castwright/core/ids';
import type { PlaylistRow } from '@castwright/core/db/schema';
import { countPlaylists, insertPlaylist, lockAccountPlaylists } from '@castwright/core/repositories/playlists';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';
import { PLAYLIST_LIMITS } from './playlist-limits.ts';
import { playlistSummary } from './playlist-views.ts';
import { playlistText } from './playlist-text.ts';

export type CreatedPlaylist = ReturnType<typeof playlistSummary>;

/** A new playlist's view (no members yet). */
const newPlaylistView = (playlist: PlaylistRow): CreatedPlaylist => playlistSummary({ ...playlist, episode_count: 0, total_duration: 0 });

export async function createPlaylist(db: Db, user: UserRow, input: { name: string; description?: string | undefined }, answer: AnswerRecorder<CreatedPlaylist>) {
  const { name = '', description = '' } = playlistText(input);
  return db.transaction().execute(async (trx) => {
    await lockAccountPlaylists(trx, user.id);
    if ((await countPlaylists(trx, user.id)) >= PLAYLIST_LIMITS.playlistsPerAccount) {
      throw new AppError('limitReached', `An account can hold at most ${PLAYLIST_LIMITS.playlistsPerAccount} playlists; delete one to create another`);
    }
    const playlist = newPlaylistView(await insertPlaylist(trx, { id: newId('playlist'), user_id: user.id, name, description }));
    await answer.record(trx, playlist);
    return playlist;
  });
}
