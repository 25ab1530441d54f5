// Deleting an account: the password and the literal confirmation first, then every
// row (one cascading delete, with the Stripe customer's deletion and the custom voices'
// removal queued), then the stored files (its lexicon entries' samples, its documents, and
// its shows' parts and covers, each as one prefix).
import type { ServiceLogger } from '@castwright/core/logger';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { selectEpisodeFiles } from '@castwright/core/repositories/episodes';
import { deleteUser } from '@castwright/core/repositories/users';
import { documentPrefix, pronunciationSamplePrefix, showFilePrefix, type ObjectStorage } from '@castwright/core/storage/object-storage';
import { verifyPassword } from '../auth/passwords.ts';
import { queueCustomerDeletion } from '../billing/close-billing-account.ts';
import { removeRowsThenFiles } from '../episodes/remove-stored-files.ts';
import { queueAccountVoiceRemovals } from '../voices/remove-custom-voice.ts';

const DELETE_CONFIRMATION = 'DELETE';

export async function closeAccount(
  services: { db: Db; storage: ObjectStorage; logger: ServiceLogger; queueing: { fair: boolean } },
  user: UserRow,
  confirmation: { password: string; confirm: string },
): Promise<void> {
  if (confirmation.confirm !== DELETE_CONFIRMATION) {
    throw AppError.validation(`Set confirm to the literal string ${DELETE_CONFIRMATION} to delete your account`, [`confirm must be "${DELETE_CONFIRMATION}"`]);
  }
  if (!(await verifyPassword(user.password_hash, confirmation.password))) throw new AppError('invalidCredentials', 'The password is incorrect');
  const episodes = await selectEpisodeFiles(services.db, user.id);
  await removeRowsThenFiles(services, episodes, () =>
    services.db.transaction().execute(async (trx) => {
      await queueCustomerDeletion(trx, user.id, services.queueing);
      await queueAccountVoiceRemovals(trx, user.id, services.queueing);
      await deleteUser(trx, user.id);
    }),
  );
  for (const prefix of [pronunciationSamplePrefix(user.id), documentPrefix(user.id), showFilePrefix(user.id)]) {
    await services.storage.deletePrefix(prefix).catch((error: unknown) => services.logger.warn({ err: error, prefix }, "could not delete a deleted account's stored files"));
  }
}
