// Adding an entry to the account's lexicon, within the per-account bound and one entry per term.
// The answer is recorded in the adding transaction (Idempotency-Key).
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { newId } from '@castwright/core/ids';
import { PRONUNCIATION_LIMITS } from '@castwright/core/pronunciations';
import { countPronunciations, insertPronunciation, lockAccountPronunciations } from '@castwright/core/repositories/pronunciations';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';
import { refuseDuplicateTerm } from './duplicate-term.ts';
import { pronunciationFields, type PronunciationInput } from './pronunciation-fields.ts';
import { pronunciationView, type PronunciationView } from './pronunciation-views.ts';

export async function createPronunciation(db: Db, user: UserRow, input: PronunciationInput & { term: string }, answer: AnswerRecorder<PronunciationView>): Promise<PronunciationView> {
  const fields = pronunciationFields(input);
  return db.transaction().execute(async (trx) => {
    await lockAccountPronunciations(trx, user.id);
    if ((await countPronunciations(trx, user.id)) >= PRONUNCIATION_LIMITS.entriesPerAccount) {
      throw new AppError('limitReached', `A lexicon holds at most ${PRONUNCIATION_LIMITS.entriesPerAccount} entries; delete one to add another`);
    }
    await refuseDuplicateTerm(trx, user.id, fields);
    const entry = pronunciationView(await insertPronunciation(trx, { id: newId('pronunciation'), user_id: user.id, ...fields }));
    await answer.record(trx, entry);
    return entry;
  });
}
