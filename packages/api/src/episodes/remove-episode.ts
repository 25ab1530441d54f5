// Deleting an episode (owner only): the row, then its stored audio and upload. The
// episode leaves every playlist in the same transaction, and a database trigger
// closes the gap it leaves in each.
import type { ServiceLogger } from '@castwright/core/logger';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { deleteEpisode, selectEpisodeById } from '@castwright/core/repositories/episodes';
import { lockPlaylistsOfEpisode } from '@castwright/core/repositories/playlist-episodes';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import { notFound } from '../owned-or-404.ts';
import { removeRowsThenFiles } from './remove-stored-files.ts';

/** 404 for an episode that does not exist, 403 for someone else's (as the interface lists them). */
export async function removeEpisode(services: { db: Db; storage: ObjectStorage; logger: ServiceLogger }, user: UserRow, id: string): Promise<void> {
  const episode = await selectEpisodeById(services.db, id);
  if (!episode) throw notFound('episode');
  if (episode.user_id !== user.id) throw new AppError('forbidden', 'Only the owner can delete this episode');
  await removeRowsThenFiles(services, [episode], () =>
    services.db.transaction().execute(async (trx) => {
      // Playlists first, in the order member changes lock them, so renumbering never deadlocks with a reorder.
      await lockPlaylistsOfEpisode(trx, episode.id);
      await deleteEpisode(trx, episode.id);
    }),
  );
}
