// Changing an entry (PUT /api/pronunciations/:id): the fields given, over the entry as it
// is, checked as a whole. The next render of an episode says the changed entry; only the
// lines whose sound it changes are voiced again (the entry is part of their segment keys).
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { lockAccountPronunciations, selectOwnPronunciation, updatePronunciation } from '@castwright/core/repositories/pronunciations';
import { ownedOr404 } from '../owned-or-404.ts';
import { refuseDuplicateTerm } from './duplicate-term.ts';
import { pronunciationFields, type PronunciationInput } from './pronunciation-fields.ts';
import { pronunciationView } from './pronunciation-views.ts';

export async function editPronunciation(db: Db, user: UserRow, id: string, input: PronunciationInput) {
  const row = await db.transaction().execute(async (trx) => {
    await lockAccountPronunciations(trx, user.id);
    const current = await ownedOr404('pronunciation', selectOwnPronunciation(trx, user.id, id));
    const fields = pronunciationFields(input, current);
    await refuseDuplicateTerm(trx, user.id, fields, id);
    return ownedOr404('pronunciation', updatePronunciation(trx, user.id, id, fields));
  });
  return pronunciationView(row);
}
