// One entry per term: a second entry for a term the lexicon already says is a 409 that
// points at the entry to change instead (`existing`: its id and term, for a client to
// open). Called under the account's lexicon lock, so two writes cannot both pass (the
// unique constraint backs it up).
import type { Trx } from '@castwright/core/db/connect';
import { AppError } from '@castwright/core/errors';
import { selectPronunciationByTerm, type PronunciationFields } from '@castwright/core/repositories/pronunciations';

export async function refuseDuplicateTerm(trx: Trx, userId: string, fields: PronunciationFields, ownId?: string): Promise<void> {
  const existing = await selectPronunciationByTerm(trx, userId, fields.case_sensitive, fields.term_key);
  if (existing && existing.id !== ownId) {
    const rule = fields.case_sensitive ? 'with this exact capitalisation' : 'in any capitalisation';
    throw new AppError('conflict', `The lexicon already has an entry for "${existing.term}" ${rule}; change that entry instead`, {
      extras: { existing: { id: existing.id, term: existing.term } },
    });
  }
}
