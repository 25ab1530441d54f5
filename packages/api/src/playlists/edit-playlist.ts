// Renaming a playlist or changing its description (PUT /api/playlists/:id).
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { selectPlaylistSummary, updatePlaylist } from '@castwright/core/repositories/playlists';
import { playlistNotFound } from './own-playlist.ts';
import { playlistText } from './playlist-text.ts';
import { playlistSummary } from './playlist-views.ts';

export async function editPlaylist(db: Db, user: UserRow, id: string, input: { name?: string | undefined; description?: string | undefined }) {
  const updated = await updatePlaylist(db, user.id, id, playlistText(input));
  const summary = updated && (await selectPlaylistSummary(db, user.id, id));
  if (!summary) throw playlistNotFound();
  return playlistSummary(summary);
}
