// Reading playlists: the caller's list, newest first, and one playlist with its members.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { selectPlaylistMembers } from '@castwright/core/repositories/playlist-episodes';
import { selectFeed } from '@castwright/core/repositories/playlist-feeds';
import { selectOwnPlaylist, selectPlaylistSummaryPage } from '@castwright/core/repositories/playlists';
import { ownedOr404 } from '../owned-or-404.ts';
import { playlistDetail, playlistSummary } from './playlist-views.ts';

export async function listPlaylists(db: Db, user: UserRow, page: { limit: number; offset: number }) {
  const { rows, total } = await selectPlaylistSummaryPage(db, { userId: user.id, ...page });
  return { playlists: rows.map(playlistSummary), pagination: { total, limit: page.limit, offset: page.offset } };
}

export async function readPlaylist(db: Db, user: UserRow, id: string) {
  const playlist = await ownedOr404('playlist', selectOwnPlaylist(db, user.id, id));
  const [members, feed] = await Promise.all([selectPlaylistMembers(db, playlist.id), selectFeed(db, playlist.id)]);
  return playlistDetail(playlist, members, feed);
}
