// A render's word on why its progress stands still: the engine's wait notices
// (SynthesisRequest.onWait, e.g. a Chatterbox server loading its model) written to the
// episode in the order they came, each with its progress notification. The engine calls
// back without waiting, so writes are chained here; a failed write is logged and costs
// the render nothing. `settled` lets the render finish its writes before it ends.
import { updateEpisodeProgressNote } from '@castwright/core/repositories/episode-progress-notes';
import type { WorkerContext } from '../worker-context.ts';

export interface ProgressNotes {
  onWait(note: string | undefined): void;
  settled(): Promise<void>;
}

export function progressNotes(context: WorkerContext, episodeId: string, renderAttempt: number): ProgressNotes {
  let chain = Promise.resolve();
  return {
    onWait(note) {
      chain = chain
        .then(() => context.db.transaction().execute((trx) => updateEpisodeProgressNote(trx, episodeId, note ?? null, renderAttempt)))
        .then(
          (written) => {
            if (written && note) context.logger.info({ episodeId, note }, 'render waiting');
          },
          (error: unknown) => context.logger.warn({ err: error, episodeId }, 'could not record what the render waits on'),
        );
    },
    settled: () => chain,
  };
}
