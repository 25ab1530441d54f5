// maintenance:abandoned-episodes (every minute) — the safety net under every other fault
// path: an episode in a working state that no job will ever move on (its jobs finished or
// ran out of attempts, e.g. one that killed its worker every time) fails with a reason
// instead of waiting forever (a re-render goes back to its published revision instead).
import type { Task } from 'graphile-worker';
import { publicBaseUrl } from '@castwright/core/config';
import { failEpisode } from '@castwright/core/episode-outcome';
import { selectAbandonedEpisodes } from '@castwright/core/repositories/episodes';
import type { WorkerContext } from '../worker-context.ts';

/** Nothing legitimate leaves a working episode without a live job for this long. */
const QUIET_MS = 10 * 60 * 1000;
const REASON = 'Processing stopped: the workers handling this episode failed repeatedly; please try again';

export function abandonedEpisodesTask(context: WorkerContext): Task {
  return async () => {
    for (const { id, progress_percent: progressPercent } of await selectAbandonedEpisodes(context.db, QUIET_MS)) {
      const failed = await context.db.transaction().execute((trx) =>
        failEpisode(trx, id, {
          reason: REASON,
          progressPercent,
          from: ['queued', 'ingesting', 'generating_script', 'generating_audio'],
        }, { publicBaseUrl: publicBaseUrl(context.config), fair: context.config.fairScheduling }),
      );
      if (failed) context.logger.error({ episodeId: id }, 'episode had no job left to move it on; failed it');
    }
  };
}
