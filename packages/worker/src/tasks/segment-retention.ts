// maintenance:segment-retention (daily) — the retention bound of what renders keep in
// storage. A voiced line (segment) stays while the published revision of its episode uses
// it, and for SEGMENT_RETENTION_DAYS after a render last used it otherwise (so undoing an
// edit or restoring a recent revision voices nothing again); then it goes. The MP3 of a
// replaced revision goes at the first sweep after it was replaced (the published one is
// always another file), and a live stream's segments once its episode is published (or
// its take abandoned) and six hours have passed since the take began. Rows first, objects after: a storage failure leaves an orphan
// object (deleted with its episode), never a row whose object is gone. Deleting an
// episode or an account removes everything at once (api/episodes/remove-stored-files.ts).
import type { Task } from 'graphile-worker';
import type { Trx } from '@castwright/core/db/connect';
import { deleteExpiredSegments } from '@castwright/core/repositories/episode-segments';
import { updateReplacedAudioCleared } from '@castwright/core/repositories/episode-revisions';
import { deleteFinishedLiveTakes } from '@castwright/core/repositories/live-takes';
import { episodeSegmentKey } from '@castwright/core/storage/object-storage';
import type { WorkerContext } from '../worker-context.ts';

const BATCH = 500;
const DAY_MS = 86_400_000;
/** How long a live stream's segments stay after its take began: longer than any episode plays. */
const LIVE_STREAM_KEPT_MS = 6 * 3_600_000;

export function segmentRetentionTask(context: WorkerContext): Task {
  return async () => {
    const before = new Date(Date.now() - context.config.segmentRetentionDays * DAY_MS);
    const segments = await inBatches(context, (trx) => deleteExpiredSegments(trx, before, BATCH), (row) => episodeSegmentKey(row.episode_id, row.segment_key));
    const audio = await inBatches(context, (trx) => updateReplacedAudioCleared(trx, BATCH), (row) => row.audio_key);
    // A live stream outlives its episode's ready by a while: a listener may still be playing it.
    const live = await inBatches(context, (trx) => deleteFinishedLiveTakes(trx, new Date(Date.now() - LIVE_STREAM_KEPT_MS), BATCH), (row) => row.object_key);
    context.logger.info({ segments, audio, live, before }, 'segments past their retention, replaced audio and finished live streams removed');
  };
}

/** Takes rows off in batches (each its own transaction), deleting their objects after each commits; returns how many. */
async function inBatches<T extends { episode_id: string }>(
  context: WorkerContext,
  take: (trx: Trx) => Promise<T[]>,
  objectKey: (row: T) => string,
): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await context.db.transaction().execute((trx) => take(trx));
    for (const row of rows) {
      await context.storage.delete(objectKey(row)).catch((error: unknown) => {
        context.logger.warn({ err: error, episodeId: row.episode_id, key: objectKey(row) }, 'could not delete a stored object past its retention');
      });
    }
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}
