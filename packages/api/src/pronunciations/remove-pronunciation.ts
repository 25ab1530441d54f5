// Deleting an entry (DELETE /api/pronunciations/:id); episodes already rendered keep their audio.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { deletePronunciation } from '@castwright/core/repositories/pronunciations';
import { ownedOr404 } from '../owned-or-404.ts';

export async function removePronunciation(db: Db, user: UserRow, id: string): Promise<void> {
  await ownedOr404('pronunciation', deletePronunciation(db, user.id, id));
}
