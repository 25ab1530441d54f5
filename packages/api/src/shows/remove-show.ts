// Deleting a show: its parts, cover and feed go with it; its episodes and briefings stay,
// out of the show (the database sets their show_id to null). Rows first, then the
// show's stored files as one prefix, so a storage failure leaves an orphan file, never a
// part row without its audio. An If-Match is checked under the show's lock.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import type { ServiceLogger } from '@castwright/core/logger';
import { deleteShow, lockOwnShow } from '@castwright/core/repositories/shows';
import { showFilePrefix, type ObjectStorage } from '@castwright/core/storage/object-storage';
import { ownedOr404 } from '../owned-or-404.ts';
import { checkShowIfMatch } from './read-shows.ts';

export async function removeShow(services: { db: Db; storage: ObjectStorage; logger: ServiceLogger }, user: UserRow, id: string, ifMatch: string | undefined): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const show = await ownedOr404('show', lockOwnShow(trx, user.id, id));
    await checkShowIfMatch(trx, user, id, ifMatch);
    await deleteShow(trx, show.id);
  });
  const prefix = showFilePrefix(user.id, id);
  await services.storage.deletePrefix(prefix).catch((error: unknown) => services.logger.warn({ err: error, prefix }, "could not delete a deleted show's files"));
}
