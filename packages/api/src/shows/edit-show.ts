// PATCH: any subset of the fields, checked together with the stored ones (a new host
// line-up, a new length the tier allows, levels that keep the bed quieter under speech).
// An If-Match is checked under the show's lock. What changes for its episodes: the next
// episode made in it starts from the new defaults; its sound (levels) is heard on the
// next render of each episode (POST /api/episodes/{id}/render), which voices nothing.
import type { Config } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { lockOwnShow, updateShow } from '@castwright/core/repositories/shows';
import { ownedOr404 } from '../owned-or-404.ts';
import { checkShowIfMatch, readShow } from './read-shows.ts';
import { showColumns, type ShowInput } from './show-fields.ts';
import type { ShowView } from './show-views.ts';

export async function editShow(services: { db: Db; config: Config }, user: UserRow, id: string, input: ShowInput, ifMatch: string | undefined): Promise<ShowView> {
  return services.db.transaction().execute(async (trx) => {
    const show = await ownedOr404('show', lockOwnShow(trx, user.id, id));
    await checkShowIfMatch(trx, user, id, ifMatch);
    await updateShow(trx, show.id, await showColumns(services, user, input, show));
    return readShow(trx, user, id);
  });
}
