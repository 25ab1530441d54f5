// Deleting one of the caller's briefings with everything it owns.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { deleteOwnBriefing } from '@castwright/core/repositories/briefing-configs';
import { ownedOr404 } from '../owned-or-404.ts';

/** The briefing, its sources, runs and items go in one statement (cascades); its episodes stay. */
export async function removeBriefing(db: Db, user: UserRow, id: string): Promise<void> {
  await ownedOr404('briefing', deleteOwnBriefing(db, user.id, id));
}
