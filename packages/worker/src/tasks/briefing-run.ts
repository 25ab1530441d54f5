// briefing:run — one run of a briefing (briefings/run-briefing.ts) with the failure
// policy of every stage: a RunFailure, or the last attempt's error, fails the run with a
// reason the user can read; an earlier error is thrown so graphile-worker retries with
// backoff; a run cut short by shutdown queues itself afresh.
import type { Task } from 'graphile-worker';
import { parseJobPayload, requeueJob } from '@castwright/core/jobs';
import { updateRunFailed } from '@castwright/core/repositories/briefing-runs';
import { runBriefing, RunFailure } from '../briefings/run-briefing.ts';
import type { WorkerContext } from '../worker-context.ts';

export function briefingRunTask(context: WorkerContext): Task {
  return async (payload, helpers) => {
    const { runId } = parseJobPayload('briefing:run', payload);
    const lastAttempt = helpers.job.attempts >= helpers.job.max_attempts;
    const signal = helpers.abortSignal ? AbortSignal.any([helpers.abortSignal, context.shutdownSignal]) : context.shutdownSignal;
    try {
      const outcome = await runBriefing(context, runId, { lastAttempt, signal });
      context.logger.info({ runId, outcome }, 'briefing run done');
    } catch (error) {
      if (signal.aborted) {
        await requeueJob(context.db, helpers.job);
        context.logger.warn({ runId }, 'worker shutting down: briefing run re-queued');
        return;
      }
      const failure = error instanceof RunFailure;
      context.logger.error({ err: error, runId, attempt: helpers.job.attempts, failure }, 'briefing run failed');
      if (!failure && !lastAttempt) throw error;
      const reason = failure ? error.message : `The run failed after ${helpers.job.attempts} attempts: ${(error as Error).message}`;
      await updateRunFailed(context.db, runId, reason, failure ? error.counts : {});
    }
  };
}
