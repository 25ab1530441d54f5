// Renaming a playlist or changing its description (PUT /api/playlists/:id).
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { selectPlaylistSummary, updatePlaylist } from '@castwright/core/repositories/playlists';
import { ownedOr404 } from '../owned-or-404.ts';
import { playlistText } from './playlist-text.ts';
import { playlistSummary } from './playlist-views.ts';

export async function editPlaylist(db: Db, user: UserRow, id: string, input: { name?: string | undefined; description?: string | undefined }) {
  await ownedOr404('playlist', updatePlaylist(db, user.id, id, playlistText(input)));
  return playlistSummary(await ownedOr404('playlist', selectPlaylistSummary(db, user.id, id)));
}
