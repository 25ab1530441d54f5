// Deleting a playlist: its memberships and feed go with it; the episodes stay.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { deletePlaylist } from '@castwright/core/repositories/playlists';
import { ownedOr404 } from '../owned-or-404.ts';

export async function removePlaylist(db: Db, user: UserRow, id: string): Promise<void> {
  await ownedOr404('playlist', deletePlaylist(db, user.id, id));
}
