// Changing an entry (PUT /api/pronunciations/:id): the fields given, over the entry as it
// is, checked as a whole. The next render of an episode says the changed entry; only the
// lines whose sound it changes are voiced again (the entry is part of their segment keys).
// Its samples of what it said before are forgotten in the same transaction, then their
// files deleted (rows first: a failure leaves at worst an orphan file, never a stale sample).
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import type { ServiceLogger } from '@castwright/core/logger';
import { pronunciationSampleVersion } from '@castwright/core/pronunciation-sample';
import { deleteOtherPronunciationSamples } from '@castwright/core/repositories/pronunciation-samples';
import { lockAccountPronunciations, selectOwnPronunciation, updatePronunciation } from '@castwright/core/repositories/pronunciations';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import { ownedOr404 } from '../owned-or-404.ts';
import { refuseDuplicateTerm } from './duplicate-term.ts';
import { pronunciationFields, type PronunciationInput } from './pronunciation-fields.ts';
import { pronunciationView } from './pronunciation-views.ts';

export async function editPronunciation(services: { db: Db; storage: ObjectStorage; logger: ServiceLogger }, user: UserRow, id: string, input: PronunciationInput) {
  const { row, staleSamples } = await services.db.transaction().execute(async (trx) => {
    await lockAccountPronunciations(trx, user.id);
    const current = await ownedOr404('pronunciation', selectOwnPronunciation(trx, user.id, id));
    const fields = pronunciationFields(input, current);
    await refuseDuplicateTerm(trx, user.id, fields, id);
    const changed = await ownedOr404('pronunciation', updatePronunciation(trx, user.id, id, fields));
    return { row: changed, staleSamples: await deleteOtherPronunciationSamples(trx, id, pronunciationSampleVersion(changed)) };
  });
  for (const key of staleSamples) {
    await services.storage.delete(key).catch((error: unknown) => services.logger.warn({ err: error, key }, 'could not delete a changed entry\'s old sample'));
  }
  return pronunciationView(row);
}
