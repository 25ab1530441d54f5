// maintenance:rate-limits (hourly, from the crontab) — removes expired rate-limit windows.
import type { Task } from 'graphile-worker';
import { deleteExpiredCounters } from '@castwright/core/repositories/rate-limit-counters';
import type { WorkerContext } from '../worker-context.ts';

export const MAINTENANCE_CRONTAB = '17 * * * * maintenance:rate-limits';

export function rateLimitCleanupTask(context: WorkerContext): Task {
  return async () => {
    const removed = await deleteExpiredCounters(context.db);
    context.logger.info({ removed }, 'expired rate-limit windows removed');
  };
}
