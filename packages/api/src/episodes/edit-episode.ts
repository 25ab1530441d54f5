// The owner's edits to an episode: title, description and the public switch. A public
// episode is readable by anyone (GET, audio, transcript, show notes, chapters, search);
// switching it back to private takes effect with this commit, since every read checks
// the row and audio is never cached without revalidation.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import type { EpisodeStatus } from '@castwright/core/episode-states';
import { AppError } from '@castwright/core/errors';
import { lockOwnEpisode, updateEpisodeDetails } from '@castwright/core/repositories/episodes';
import { ownedOr404 } from '../owned-or-404.ts';

/** Until the script is written, the script writer sets the title and description and would overwrite an edit. */
const BEFORE_SCRIPT: readonly EpisodeStatus[] = ['queued', 'ingesting', 'generating_script'];

export interface EpisodeEdit {
  title?: string | undefined;
  description?: string | undefined;
  isPublic?: boolean | undefined;
}

/** Owner only: anyone else gets the same 404 as for a missing episode. */
export async function editEpisode(db: Db, user: UserRow, id: string, edit: EpisodeEdit) {
  const title = edit.title?.trim();
  if (title === '') throw AppError.validation('The title must not be blank', ['body.title must contain a visible character']);
  const description = edit.description?.trim();
  return db.transaction().execute(async (trx) => {
    const episode = await ownedOr404('episode', lockOwnEpisode(trx, user.id, id));
    if ((title !== undefined || description !== undefined) && BEFORE_SCRIPT.includes(episode.status)) {
      throw new AppError('conflict', `The title and description can be edited once the script is written (the episode is ${episode.status})`);
    }
    return updateEpisodeDetails(trx, id, { title, description, is_public: edit.isPublic });
  });
}
