// episode:video (media role) — makes one of an episode's videos or clips
// (video/make-episode-video.ts). The api queues it for the request that claimed the row
// (job key per row). A row that is gone, made, or given up on needs nothing; a failure no
// retry can fix (a superseded revision, a missing font) or the last attempt's failure marks
// the row failed with the reason, and the next request for it claims it again. A worker
// shutting down puts the job back for another.
import type { Task } from 'graphile-worker';
import { PermanentError } from '@castwright/core/errors';
import { parseJobPayload, requeueJob } from '@castwright/core/jobs';
import { selectEpisodeVideoById, updateEpisodeVideoFailed } from '@castwright/core/repositories/episode-videos';
import { makeEpisodeVideo } from '../video/make-episode-video.ts';
import type { ArtworkSource } from '../video/episode-artwork.ts';
import type { WorkerContext } from '../worker-context.ts';

export function episodeVideoTask(context: WorkerContext, artwork: ArtworkSource): Task {
  return async (payload, helpers) => {
    const { videoId } = parseJobPayload('episode:video', payload);
    const video = await selectEpisodeVideoById(context.db, videoId);
    if (!video || video.status === 'ready' || video.status === 'failed') return;
    const signal = AbortSignal.any([context.shutdownSignal, ...(helpers.abortSignal ? [helpers.abortSignal] : [])]);
    try {
      await makeEpisodeVideo(context, artwork, video, signal);
    } catch (error) {
      if (signal.aborted) {
        await requeueJob(context.db, helpers.job);
        context.logger.warn({ videoId }, 'worker shutting down: video re-queued');
        return;
      }
      const permanent = error instanceof PermanentError;
      const lastAttempt = helpers.job.attempts >= helpers.job.max_attempts;
      context.logger.error({ err: error, videoId, attempt: helpers.job.attempts, permanent }, 'episode video failed');
      if (!permanent && !lastAttempt) throw error;
      await updateEpisodeVideoFailed(context.db, videoId, permanent ? (error as Error).message : `The video could not be made after ${helpers.job.attempts} attempts; ask again later`);
    }
  };
}
