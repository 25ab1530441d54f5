// Deleting an entry (DELETE /api/pronunciations/:id); episodes already rendered keep their
// audio. Its samples' rows go with it (a cascade), then their files, as one prefix.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import type { ServiceLogger } from '@castwright/core/logger';
import { deletePronunciation } from '@castwright/core/repositories/pronunciations';
import { pronunciationSamplePrefix, type ObjectStorage } from '@castwright/core/storage/object-storage';
import { ownedOr404 } from '../owned-or-404.ts';

export async function removePronunciation(services: { db: Db; storage: ObjectStorage; logger: ServiceLogger }, user: UserRow, id: string): Promise<void> {
  await ownedOr404('pronunciation', deletePronunciation(services.db, user.id, id));
  const prefix = pronunciationSamplePrefix(user.id, id);
  await services.storage.deletePrefix(prefix).catch((error: unknown) => services.logger.warn({ err: error, prefix }, 'could not delete a deleted entry\'s samples'));
}
