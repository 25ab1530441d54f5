// The caller's episodes, newest first, one page at a time.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import type { EpisodeStatus } from '@castwright/core/episode-states';
import { selectEpisodePage } from '@castwright/core/repositories/episodes';
import { episodeListItem } from './episode-views.ts';

export async function listEpisodes(db: Db, user: UserRow, page: { status?: EpisodeStatus | undefined; limit: number; offset: number }) {
  const { rows, total } = await selectEpisodePage(db, { userId: user.id, ...page });
  return { episodes: rows.map(episodeListItem), pagination: { total, limit: page.limit, offset: page.offset } };
}
