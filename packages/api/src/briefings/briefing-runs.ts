// Running a briefing now, and its run history. A manual run ignores the schedule and
// is_active; it is queued (row and job in one transaction, with the answer) unless one is
// already queued or running, which is a 409. The answer's jobId (`job_…`) is the queued
// job's key, and finds the run in the history (the `job_id` filter).
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { queueRun } from '@castwright/core/briefings/queue-run';
import { AppError } from '@castwright/core/errors';
import { lockOwnBriefing, selectOwnBriefing } from '@castwright/core/repositories/briefing-configs';
import { selectRunPage } from '@castwright/core/repositories/briefing-runs';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';
import { ownedOr404 } from '../owned-or-404.ts';
import { runView } from './briefing-views.ts';

export interface StartedRun {
  jobId: string;
  run: ReturnType<typeof runView>;
}

/** `queueing.fair`: the api's FAIR_SCHEDULING (core/jobs.ts). */
export async function runBriefingNow(db: Db, user: UserRow, briefingId: string, answer: AnswerRecorder<StartedRun>, queueing: { fair: boolean }): Promise<StartedRun> {
  return db.transaction().execute(async (trx) => {
    const briefing = await ownedOr404('briefing', lockOwnBriefing(trx, user.id, briefingId));
    const queued = await queueRun(trx, briefing, { type: 'manual', fair: queueing.fair });
    if (!queued) throw new AppError('conflict', 'A run of this briefing is already queued or running; wait for it to finish');
    const started = { jobId: queued.job_id, run: runView(queued) };
    await answer.record(trx, started);
    return started;
  });
}

export async function listBriefingRuns(db: Db, user: UserRow, briefingId: string, page: { limit: number; offset: number; job_id?: string | undefined }) {
  const briefing = await ownedOr404('briefing', selectOwnBriefing(db, user.id, briefingId));
  const { rows, total } = await selectRunPage(db, briefing.id, { limit: page.limit, offset: page.offset, jobId: page.job_id });
  return { count: rows.length, runs: rows.map(runView), pagination: { total, limit: page.limit, offset: page.offset } };
}
