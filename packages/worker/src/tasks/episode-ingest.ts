// episode:ingest — turns the episode's source into clean text, then queues scripting.
import type { Task } from 'graphile-worker';
import { PermanentError } from '@castwright/core/errors';
import { addJob, parseJobPayload } from '@castwright/core/jobs';
import { moveEpisode } from '@castwright/core/repositories/episodes';
import { STAGE_PROGRESS } from '@castwright/core/episode-states';
import { usableText } from '@castwright/content/text/clean-text';
import { runEpisodeStage } from '../episode-stage.ts';
import type { WorkerContext } from '../worker-context.ts';

export function episodeIngestTask(context: WorkerContext): Task {
  return async (payload, helpers) => {
    const { episodeId } = parseJobPayload('episode:ingest', payload);
    await runEpisodeStage(context, helpers, episodeId, 'Ingestion', async (episode) => {
      await context.db.transaction().execute((trx) =>
        moveEpisode(trx, episodeId, { status: 'ingesting', progressPercent: STAGE_PROGRESS.ingesting, from: ['queued', 'ingesting'] }),
      );
      if (episode.source_type !== 'text' || episode.source_text === null) {
        throw new PermanentError('Creating episodes from web pages is not available yet; send the text as content');
      }
      const text = usableText(episode.source_text);
      await context.db.transaction().execute(async (trx) => {
        await trx.updateTable('episodes').set({ source_text: text }).where('id', '=', episodeId).execute();
        await addJob(trx, 'episode:script', { episodeId });
      });
    });
  };
}
