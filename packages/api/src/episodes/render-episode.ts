// POST /api/episodes/:id/render: renders the episode's current script as a new revision
// (after edits on a ready episode, or again after a failure). If-Match, when sent, must
// name the script as it is now, so what renders is what the caller last read.
import type { Db } from '@castwright/core/db/connect';
import type { EpisodeRevisionRow, EpisodeRow } from '@castwright/core/db/schema';
import { lockOwnEpisode } from '@castwright/core/repositories/episodes';
import { requireIfMatch } from '../http/preconditions.ts';
import { ownedOr404 } from '../owned-or-404.ts';
import { queueRevision } from './queue-revision.ts';
import { scriptEtag } from './script-view.ts';

export async function renderEpisode(db: Db, userId: string, id: string, ifMatch: string | undefined): Promise<{ episode: EpisodeRow; revision: EpisodeRevisionRow }> {
  return db.transaction().execute(async (trx) => {
    const episode = await ownedOr404('episode', lockOwnEpisode(trx, userId, id));
    requireIfMatch(ifMatch, scriptEtag(episode), 'script');
    const revision = await queueRevision(trx, episode, null);
    return { episode: { ...episode, status: 'generating_audio' }, revision };
  });
}
