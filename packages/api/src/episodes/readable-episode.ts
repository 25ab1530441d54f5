// Loads an episode for a reader. Without credentials, a private or missing episode is
// a 401 (log in first); with credentials, someone else's private episode is a 404, so
// ids cannot be probed either way.
import type { Db } from '@castwright/core/db/connect';
import type { EpisodeRow, UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';
import { notFound } from '../owned-or-404.ts';
import { canRead } from './episode-views.ts';

/** `reader` is the caller, or null without credentials. */
export async function readableEpisode(db: Db, reader: UserRow | null, id: string): Promise<EpisodeRow> {
  return episodeForReader(await selectEpisodeById(db, id), reader);
}

/** The episode read (or missing) if `reader` may have it; else the 401 or 404 above. */
export function episodeForReader<Row extends EpisodeRow>(episode: Row | undefined, reader: UserRow | null): Row {
  if (episode && canRead(episode, reader)) return episode;
  if (!reader) throw new AppError('unauthorized', 'Authentication required to read this episode');
  throw notFound('episode');
}
