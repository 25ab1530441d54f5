// episode:ingest — reads the episode's sources into clean text, then queues scripting.
import type { Task } from 'graphile-worker';
import { parseJobPayload } from '@castwright/core/jobs';
import { updateEpisodeStatus } from '@castwright/core/repositories/episodes';
import { STAGE_PROGRESS } from '@castwright/core/episode-states';
import { runEpisodeStage } from '../episode-stage.ts';
import { readEpisodeSources } from '../sources/read-episode-sources.ts';
import type { WorkerContext } from '../worker-context.ts';

export function episodeIngestTask(context: WorkerContext): Task {
  return async (payload, helpers) => {
    const { episodeId } = parseJobPayload('episode:ingest', payload);
    await runEpisodeStage(context, helpers, episodeId, 'Ingestion', async (episode) => {
      const moved = await context.db.transaction().execute((trx) =>
        updateEpisodeStatus(trx, episodeId, { status: 'ingesting', progressPercent: STAGE_PROGRESS.ingesting, from: ['queued', 'ingesting'] }),
      );
      // A replayed job of an episode that moved on (its script written, maybe edited since) does nothing.
      if (!moved) return;
      await readEpisodeSources(context, episode, { lastAttempt: helpers.job.attempts >= helpers.job.max_attempts });
    });
  };
}
