// Creating a show: only `name` is required; the fields are checked as a whole
// (show-fields.ts); the account's shows are counted under a lock on the user row, so
// parallel creates cannot pass the bound; the answer is recorded with the row.
import type { Config } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { newId } from '@castwright/core/ids';
import { countShows, insertShow, lockAccountShows } from '@castwright/core/repositories/shows';
import { SHOW_LIMITS } from '@castwright/core/shows/show-options';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';
import { showColumns, type ShowInput } from './show-fields.ts';
import { readShow } from './read-shows.ts';
import type { ShowView } from './show-views.ts';

export async function createShow(services: { db: Db; config: Config }, user: UserRow, input: ShowInput & { name: string }, answer: AnswerRecorder<ShowView>): Promise<ShowView> {
  const columns = await showColumns(services, user, input);
  return services.db.transaction().execute(async (trx) => {
    await lockAccountShows(trx, user.id);
    if ((await countShows(trx, user.id)) >= SHOW_LIMITS.showsPerAccount) {
      throw new AppError('limitReached', `An account can hold at most ${SHOW_LIMITS.showsPerAccount} shows; delete one to create another`);
    }
    const row = await insertShow(trx, { ...columns, id: newId('show'), user_id: user.id, name: columns.name as string });
    const created = await readShow(trx, user, row.id);
    await answer.record(trx, created);
    return created;
  });
}
