// Runs one pipeline stage of an episode with the failure policy every stage shares:
// a PermanentError, or the last attempt's error, fails the episode with a reason the
// user can read (a failed re-render leaves the published revision served, see
// failEpisode); any earlier error is thrown so graphile-worker retries with backoff.
import type { JobHelpers } from 'graphile-worker';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { PermanentError, TransientError } from '@castwright/core/errors';
import { publicBaseUrl } from '@castwright/core/config';
import { failEpisode } from '@castwright/core/episode-outcome';
import { requeueJob } from '@castwright/core/jobs';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';
import type { WorkerContext } from './worker-context.ts';

const ACTIVE = ['queued', 'ingesting', 'generating_script', 'review_script', 'generating_audio'] as const;

export interface StageOptions {
  /**
   * Narrows the failure move: a render fails the episode only while it is still the
   * current render attempt, never after a newer attempt took over.
   */
  failureGuard?: () => { renderAttempt?: number | undefined };
}

export async function runEpisodeStage(
  context: WorkerContext,
  helpers: JobHelpers,
  episodeId: string,
  stageName: string,
  work: (episode: EpisodeRow) => Promise<void>,
  options: StageOptions = {},
): Promise<void> {
  const episode = await selectEpisodeById(context.db, episodeId);
  if (!episode || !(ACTIVE as readonly string[]).includes(episode.status)) {
    // Deleted, or already finished by an earlier run of this job: nothing to do.
    helpers.logger.info(`episode ${episodeId} is gone or finished; skipping ${stageName}`);
    return;
  }
  try {
    await work(episode);
  } catch (error) {
    if (context.shutdownSignal.aborted || helpers.abortSignal?.aborted) {
      // The worker is shutting down and could not finish in its grace period. Queue
      // the stage afresh (full attempts, no backoff, its place in the fair queue kept) for
      // another worker; this run ends cleanly.
      await requeueJob(context.db, helpers.job);
      context.logger.warn({ episodeId, stage: stageName }, 'worker shutting down: stage re-queued');
      return;
    }
    const lastAttempt = helpers.job.attempts >= helpers.job.max_attempts;
    const permanent = error instanceof PermanentError;
    context.logger.error({ err: error, episodeId, stage: stageName, attempt: helpers.job.attempts, permanent }, 'episode stage failed');
    if (!permanent && !lastAttempt) throw error;
    const reason = permanent
      ? (error as Error).message
      : error instanceof TransientError
        ? `${stageName} failed after ${helpers.job.attempts} attempts: ${error.reason}`
        : `${stageName} failed after ${helpers.job.attempts} attempts; please try again later`;
    const renderAttempt = options.failureGuard?.().renderAttempt;
    await context.db.transaction().execute((trx) =>
      failEpisode(trx, episodeId, { reason, progressPercent: episode.progress_percent, from: ACTIVE, renderAttempt }, { publicBaseUrl: publicBaseUrl(context.config), fair: context.config.fairScheduling }),
    );
  }
}
