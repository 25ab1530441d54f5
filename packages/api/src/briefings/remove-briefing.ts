// Deleting one of the caller's briefings with everything it owns; an If-Match is checked
// under the briefing's lock.
import type { Config } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { deleteOwnBriefing, lockOwnBriefing } from '@castwright/core/repositories/briefing-configs';
import { ownedOr404 } from '../owned-or-404.ts';
import { checkBriefingIfMatch } from './read-briefings.ts';

/** The briefing, its sources, runs and items go in one statement (cascades); its episodes stay. */
export async function removeBriefing(db: Db, config: Config, user: UserRow, id: string, ifMatch: string | undefined): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await ownedOr404('briefing', lockOwnBriefing(trx, user.id, id));
    await checkBriefingIfMatch(trx, config, user, id, ifMatch);
    await deleteOwnBriefing(trx, user.id, id);
  });
}
