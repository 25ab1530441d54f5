// episode:ingest — turns the episode's source into clean text, then queues scripting.
import type { Task } from 'graphile-worker';
import { addJob, parseJobPayload } from '@castwright/core/jobs';
import { updateEpisodeSourceText, updateEpisodeStatus } from '@castwright/core/repositories/episodes';
import { STAGE_PROGRESS } from '@castwright/core/episode-states';
import { sourceText } from '@castwright/content/ingest/source-text';
import { sourceLanguage } from '@castwright/content/language/detect-language';
import { PermanentError } from '@castwright/core/errors';
import { runEpisodeStage } from '../episode-stage.ts';
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
      const text = await sourceText(episode, { storage: context.storage, allowPrivateAddresses: context.config.outboundAllowPrivate });
      // A page or document asked for without a language is detected now that its text is read.
      const found = episode.language ? undefined : sourceLanguage(text, (message) => new PermanentError(message));
      await context.db.transaction().execute(async (trx) => {
        await updateEpisodeSourceText(trx, episodeId, text, found && { language: found.language, language_detected: found.detected });
        await addJob(trx, 'episode:script', { episodeId }, { account: episode.user_id, fair: context.config.fairScheduling });
      });
    });
  };
}
