// Deleting a playlist: its memberships and feed go with it; the episodes stay.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { deletePlaylist as deletePlaylistRow } from '@castwright/core/repositories/playlists';
import { playlistNotFound } from './own-playlist.ts';

export async function deletePlaylist(db: Db, user: UserRow, id: string): Promise<void> {
  if (!(await deletePlaylistRow(db, user.id, id))) throw playlistNotFound();
}
