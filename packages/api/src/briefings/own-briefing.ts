// The caller's own briefing, or 404: another user's briefing is never acknowledged.
import type { Db, Trx } from '@castwright/core/db/connect';
import type { BriefingConfigRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { lockOwnBriefing, selectOwnBriefing } from '@castwright/core/repositories/briefing-configs';

function briefingNotFound(): AppError {
  return new AppError('notFound', 'Briefing not found');
}

export async function ownBriefing(db: Db, userId: string, id: string): Promise<BriefingConfigRow> {
  const briefing = await selectOwnBriefing(db, userId, id);
  if (!briefing) throw briefingNotFound();
  return briefing;
}

/** The caller's briefing, locked for the rest of the transaction. */
export async function lockedOwnBriefing(trx: Trx, userId: string, id: string): Promise<BriefingConfigRow> {
  const briefing = await lockOwnBriefing(trx, userId, id);
  if (!briefing) throw briefingNotFound();
  return briefing;
}
