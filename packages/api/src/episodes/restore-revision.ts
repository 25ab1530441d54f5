// POST /api/episodes/:id/revisions/:revision/restore: that revision's script becomes the
// episode's script and is rendered as a new revision. Its lines are found in the segment
// store while retention keeps them, so a restore of recent work voices nothing again.
// Unrendered edits to the current script are replaced; If-Match guards against losing
// someone else's. The answer is recorded in the queueing transaction (Idempotency-Key).
import type { Db } from '@castwright/core/db/connect';
import { AppError } from '@castwright/core/errors';
import { selectEpisodeRevision } from '@castwright/core/repositories/episode-revisions';
import { lockOwnEpisode, updateScriptText } from '@castwright/core/repositories/episodes';
import { requireIfMatch } from '../http/preconditions.ts';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';
import { ownedOr404 } from '../owned-or-404.ts';
import { queueRevision, refsOf } from './queue-revision.ts';
import type { QueuedRevision } from './render-episode.ts';
import { scriptEtag } from './script-view.ts';

export async function restoreRevision(
  db: Db,
  target: { userId: string; id: string; revision: number; ifMatch: string | undefined },
  answer: AnswerRecorder<QueuedRevision>,
  queueing: { fair: boolean },
): Promise<QueuedRevision> {
  return db.transaction().execute(async (trx) => {
    const episode = await ownedOr404('episode', lockOwnEpisode(trx, target.userId, target.id));
    const source = await selectEpisodeRevision(trx, episode.id, target.revision);
    if (!source) throw new AppError('notFound', `The episode has no revision ${target.revision}`);
    requireIfMatch(target.ifMatch, scriptEtag(episode), 'script');
    // The state first, so a refused restore leaves the script as it was.
    const restored = episode.status === 'ready' || episode.status === 'error'
      ? await updateScriptText(trx, episode.id, { text: source.script_text, refs: refsOf(source.script_refs), overlaps: refsOf(source.script_overlaps) })
      : episode;
    const revision = await queueRevision(trx, restored, source.revision, queueing);
    const queued: QueuedRevision = { episode: { ...restored, status: 'generating_audio' }, revision };
    await answer.record(trx, queued);
    return queued;
  });
}
