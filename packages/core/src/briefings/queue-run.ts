// Queuing a briefing run: the run row and its `briefing:run` job in the caller's
// transaction, so neither exists without the other. A briefing has at most one run
// queued or running (a unique index), so this returns undefined when one already is.
// The run's job id (`job_…`) is the job's graphile-worker key, so it names the queued
// work itself; clients find the run by it (GET /api/briefings/:id/runs?jobId=…).
import type { BriefingRunType } from '../briefing-options.ts';
import type { Trx } from '../db/connect.ts';
import type { BriefingConfigRow, BriefingRunRow } from '../db/schema.ts';
import { newId } from '../ids.ts';
import { addJob } from '../jobs.ts';
import { insertRunUnlessActive } from '../repositories/briefing-runs.ts';
import type { BriefingSchedule } from './briefing-schedule.ts';

/** `fair`: FAIR_SCHEDULING of the role that queues it (core/jobs.ts). */
export async function queueRun(
  trx: Trx,
  briefing: Pick<BriefingConfigRow, 'id' | 'user_id'>,
  run: { type: BriefingRunType; scheduledFor?: Date; fair: boolean },
): Promise<BriefingRunRow | undefined> {
  const queued = await insertRunUnlessActive(trx, { id: newId('briefingRun'), jobId: newId('job'), briefingId: briefing.id, runType: run.type, ...(run.scheduledFor && { scheduledFor: run.scheduledFor }) });
  if (queued) await addJob(trx, 'briefing:run', { runId: queued.id }, { account: briefing.user_id, jobKey: queued.job_id, fair: run.fair });
  return queued;
}

export function scheduleOf(briefing: Pick<BriefingConfigRow, 'schedule_frequency' | 'schedule_days' | 'schedule_time' | 'schedule_timezone'>): BriefingSchedule {
  return { frequency: briefing.schedule_frequency, days: briefing.schedule_days, time: briefing.schedule_time, timezone: briefing.schedule_timezone };
}
