// POST /api/episodes/:id/render: renders the episode's current script as a new revision
// (after edits on a ready episode, or again after a failure). If-Match, when sent, must
// name the script as it is now, so what renders is what the caller last read. The answer
// is recorded in the queueing transaction (Idempotency-Key).
import type { Db } from '@castwright/core/db/connect';
import type { EpisodeRevisionRow, EpisodeRow } from '@castwright/core/db/schema';
import { lockOwnEpisode } from '@castwright/core/repositories/episodes';
import { requireIfMatch } from '../http/preconditions.ts';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';
import { ownedOr404 } from '../owned-or-404.ts';
import { queueRevision } from './queue-revision.ts';
import { scriptEtag } from './script-view.ts';

export interface QueuedRevision {
  episode: EpisodeRow;
  revision: EpisodeRevisionRow;
}

export async function renderEpisode(db: Db, userId: string, id: string, ifMatch: string | undefined, answer: AnswerRecorder<QueuedRevision>, queueing: { fair: boolean }): Promise<QueuedRevision> {
  return db.transaction().execute(async (trx) => {
    const episode = await ownedOr404('episode', lockOwnEpisode(trx, userId, id));
    requireIfMatch(ifMatch, scriptEtag(episode), 'script');
    const revision = await queueRevision(trx, episode, null, queueing);
    const queued: QueuedRevision = { episode: { ...episode, status: 'generating_audio' }, revision };
    await answer.record(trx, queued);
    return queued;
  });
}
