// Adding one of the caller's episodes to the end of a playlist. The playlist row is
// locked for the whole check-and-append, so parallel adds get consecutive positions.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { selectOwnEpisode } from '@castwright/core/repositories/episodes';
import { countMembers, insertMember } from '@castwright/core/repositories/playlist-episodes';
import { lockOwnPlaylist } from '@castwright/core/repositories/playlists';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';
import { ownedOr404 } from '../owned-or-404.ts';
import { PLAYLIST_LIMITS } from './playlist-limits.ts';

/** 404 for a playlist or episode that is not the caller's, 409 for a member already there or a full playlist. */
export async function addPlaylistEpisode(db: Db, user: UserRow, playlistId: string, episodeId: string, answer: AnswerRecorder<void>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const playlist = await ownedOr404('playlist', lockOwnPlaylist(trx, user.id, playlistId));
    const episode = await ownedOr404('episode', selectOwnEpisode(trx, user.id, episodeId));
    if ((await countMembers(trx, playlist.id)) >= PLAYLIST_LIMITS.episodesPerPlaylist) {
      throw new AppError('limitReached', `A playlist can hold at most ${PLAYLIST_LIMITS.episodesPerPlaylist} episodes`);
    }
    if (!(await insertMember(trx, { playlistId: playlist.id, episodeId: episode.id, userId: user.id }))) {
      throw new AppError('conflict', 'This episode is already in the playlist');
    }
    await answer.record(trx, undefined);
  });
}
