// The briefing scheduler (graphile-worker's crontab, general role): every minute one
// tick queues the runs that are due (core/briefings/schedule-due-runs.ts) and fails
// runs no job will finish any more; once a day items older than any freshness window
// are forgotten.
import type { Task } from 'graphile-worker';
import { scheduleDueRuns } from '@castwright/core/briefings/schedule-due-runs';
import { deleteItemsSeenBefore } from '@castwright/core/repositories/briefing-items';
import { updateAbandonedRunsFailed } from '@castwright/core/repositories/briefing-runs';
import type { WorkerContext } from '../worker-context.ts';

export const BRIEFING_CRONTAB = ['* * * * * briefing:schedule', '41 3 * * * briefing:prune-items'].join('\n');

/** Nothing legitimate leaves a run without a live job for this long. */
const QUIET_MS = 10 * 60 * 1000;
const ABANDONED = 'The run stopped: the workers handling it failed repeatedly';
/** Far beyond the longest freshness window (a week), so an undated item seen again is still known. */
const ITEM_RETENTION_MS = 90 * 24 * 3_600_000;

export function briefingScheduleTask(context: WorkerContext): Task {
  return async () => {
    const outcome = await scheduleDueRuns(context.db, { fair: context.config.fairScheduling });
    if (outcome.queued.length + outcome.skipped.length + outcome.deactivated.length > 0) context.logger.info(outcome, 'briefing runs scheduled');
    const abandoned = await updateAbandonedRunsFailed(context.db, QUIET_MS, ABANDONED);
    if (abandoned > 0) context.logger.error({ abandoned }, 'briefing runs had no job left to finish them; failed them');
  };
}

export function briefingPruneTask(context: WorkerContext): Task {
  return async () => {
    const removed = await deleteItemsSeenBefore(context.db, new Date(Date.now() - ITEM_RETENTION_MS));
    context.logger.info({ removed }, 'old briefing items forgotten');
  };
}
