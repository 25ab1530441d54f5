// The general worker's periodic housekeeping (graphile-worker's crontab: every minute
// for episodes that nothing will move on and for the fair queue's origin, hourly for
// tables that only grow, daily for the retention of voiced lines and replaced audio).
import type { Task } from 'graphile-worker';
import { IDEMPOTENCY_RETENTION_MS } from '@castwright/core/idempotency';
import { moveFairQueueOrigins } from '@castwright/core/fair-queue-origin';
import { deleteExpiredIdempotencyKeys } from '@castwright/core/repositories/idempotency-keys';
import { deleteExpiredCounters } from '@castwright/core/repositories/rate-limit-counters';
import { deleteSettledInterruptions } from '@castwright/core/repositories/worker-heartbeats';
import type { WorkerContext } from '../worker-context.ts';

export const MAINTENANCE_CRONTAB = [
  '* * * * * maintenance:abandoned-episodes',
  '* * * * * maintenance:fair-queue',
  '17 * * * * maintenance:rate-limits',
  '23 * * * * maintenance:job-interruptions',
  '41 * * * * maintenance:idempotency-keys',
  '41 3 * * * maintenance:segment-retention',
].join('\n');

/** maintenance:rate-limits — removes expired rate-limit windows. */
export function rateLimitCleanupTask(context: WorkerContext): Task {
  return async () => {
    const removed = await deleteExpiredCounters(context.db);
    context.logger.info({ removed }, 'expired rate-limit windows removed');
  };
}

/** maintenance:job-interruptions — forgets the worker deaths of jobs that are gone. */
export function interruptionCleanupTask(context: WorkerContext): Task {
  return async () => {
    const removed = await deleteSettledInterruptions(context.db);
    context.logger.debug({ removed }, 'settled job interruption counts removed');
  };
}

/**
 * maintenance:idempotency-keys — forgets keys older than their 24 hours. (A key past
 * retention already counts as new when it is used again; this only keeps the table small.)
 */
export function idempotencyKeyCleanupTask(context: WorkerContext): Task {
  return async () => {
    const removed = await deleteExpiredIdempotencyKeys(context.db, IDEMPOTENCY_RETENTION_MS);
    context.logger.info({ removed }, 'expired idempotency keys removed');
  };
}

/** maintenance:fair-queue — keeps each role's fair-queue tags near zero (core/fair-queue-origin.ts). */
export function fairQueueTask(context: WorkerContext): Task {
  return async () => {
    const moved = await moveFairQueueOrigins(context.db);
    if (moved.length > 0) context.logger.info({ moved }, 'fair queue origin moved');
  };
}
