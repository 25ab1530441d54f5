// The caller's own playlist, or 404: another user's playlist is never acknowledged.
import type { Db } from '@castwright/core/db/connect';
import type { PlaylistRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { selectOwnPlaylist } from '@castwright/core/repositories/playlists';

export function playlistNotFound(): AppError {
  return new AppError('notFound', 'Playlist not found');
}

export async function ownPlaylist(db: Db, userId: string, id: string): Promise<PlaylistRow> {
  const playlist = await selectOwnPlaylist(db, userId, id);
  if (!playlist) throw playlistNotFound();
  return playlist;
}
