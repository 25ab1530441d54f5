// Deleting one of the caller's briefings with everything it owns.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { deleteOwnBriefing } from '@castwright/core/repositories/briefing-configs';

/** The briefing, its sources, runs and items go in one statement (cascades); its episodes stay. */
export async function removeBriefing(db: Db, user: UserRow, id: string): Promise<void> {
  if (!(await deleteOwnBriefing(db, user.id, id))) throw new AppError('notFound', 'Briefing not found');
}
