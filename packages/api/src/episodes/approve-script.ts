// Approving a reviewed script: `review_script` → `generating_audio` and the render job
// queued in ONE guarded transaction, so a second approve (or an edit after approval)
// is a 409 and can never queue a second render.
import type { Db } from '@castwright/core/db/connect';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { STAGE_PROGRESS } from '@castwright/core/episode-states';
import { AppError } from '@castwright/core/errors';
import { addJob } from '@castwright/core/jobs';
import { selectEpisodeById, selectOwnEpisode, updateEpisodeStatus } from '@castwright/core/repositories/episodes';
import { ownedOr404 } from '../owned-or-404.ts';

function notInReview(episode: EpisodeRow): AppError {
  const hint = episode.status === 'ready' || episode.status === 'error' ? '; an edited script is rendered with POST /api/episodes/{id}/render' : '';
  return new AppError('conflict', `The script can only be approved while the episode is in review_script (it is ${episode.status})${hint}`);
}

export async function approveScript(db: Db, userId: string, id: string, queueing: { fair: boolean }): Promise<EpisodeRow> {
  const episode = await ownedOr404('episode', selectOwnEpisode(db, userId, id));
  const moved = await db.transaction().execute(async (trx) => {
    const row = await updateEpisodeStatus(trx, episode.id, {
      status: 'generating_audio',
      progressPercent: STAGE_PROGRESS.generating_audio,
      from: ['review_script'],
    });
    if (row) await addJob(trx, 'episode:render', { episodeId: row.id }, { account: row.user_id, fair: queueing.fair });
    return row;
  });
  if (!moved) throw notInReview((await selectEpisodeById(db, episode.id)) ?? episode);
  return moved;
}
