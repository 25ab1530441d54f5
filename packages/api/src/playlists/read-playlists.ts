// Reading playlists: the caller's list, newest first, and one playlist with its members,
// whose ETag conditional changes check (`checkPlaylistIfMatch`, under the playlist's lock).
import type { Db, Executor } from '@castwright/core/db/connect';
import type { PlaylistRow, UserRow } from '@castwright/core/db/schema';
import { selectPlaylistMembers } from '@castwright/core/repositories/playlist-episodes';
import { selectFeed } from '@castwright/core/repositories/playlist-feeds';
import { selectOwnPlaylist, selectPlaylistSummaryPage } from '@castwright/core/repositories/playlists';
import { requireIfMatch, viewEtag } from '../http/preconditions.ts';
import { ownedOr404 } from '../owned-or-404.ts';
import { playlistDetail, playlistSummary } from './playlist-views.ts';

export async function listPlaylists(db: Db, user: UserRow, page: { limit: number; offset: number }) {
  const { rows, total } = await selectPlaylistSummaryPage(db, { userId: user.id, ...page });
  return { playlists: rows.map(playlistSummary), pagination: { total, limit: page.limit, offset: page.offset } };
}

async function detailOf(db: Executor, playlist: PlaylistRow) {
  const [members, feed] = await Promise.all([selectPlaylistMembers(db, playlist.id), selectFeed(db, playlist.id)]);
  return playlistDetail(playlist, members, feed);
}

export async function readPlaylist(db: Db, user: UserRow, id: string) {
  return detailOf(db, await ownedOr404('playlist', selectOwnPlaylist(db, user.id, id)));
}

/** 412 when `ifMatch` names no current tag of the playlist (read within the caller's transaction, after its lock). */
export async function checkPlaylistIfMatch(trx: Executor, playlist: PlaylistRow, ifMatch: string | undefined): Promise<void> {
  if (ifMatch !== undefined) requireIfMatch(ifMatch, viewEtag(await detailOf(trx, playlist)), 'playlist');
}
