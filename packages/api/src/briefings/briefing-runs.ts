// Running a briefing now, and its run history. A manual run ignores the schedule and
// is_active; it is queued (row and job in one transaction) unless one is already
// queued or running, which is a 409.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { queueRun } from '@castwright/core/briefings/queue-run';
import { AppError } from '@castwright/core/errors';
import { lockOwnBriefing, selectOwnBriefing } from '@castwright/core/repositories/briefing-configs';
import { selectRunPage } from '@castwright/core/repositories/briefing-runs';
import { ownedOr404 } from '../owned-or-404.ts';
import { runView } from './briefing-views.ts';

export async function runBriefingNow(db: Db, user: UserRow, briefingId: string) {
  const run = await db.transaction().execute(async (trx) => {
    const briefing = await ownedOr404('briefing', lockOwnBriefing(trx, user.id, briefingId));
    const queued = await queueRun(trx, briefing, 'manual');
    if (!queued) throw new AppError('conflict', 'A run of this briefing is already queued or running; wait for it to finish');
    return queued;
  });
  return { jobId: run.id, run: runView(run) };
}

export async function listBriefingRuns(db: Db, user: UserRow, briefingId: string, page: { limit: number; offset: number }) {
  const briefing = await ownedOr404('briefing', selectOwnBriefing(db, user.id, briefingId));
  const { rows, total } = await selectRunPage(db, briefing.id, page);
  return { count: rows.length, runs: rows.map(runView), pagination: { total, limit: page.limit, offset: page.offset } };
}
