// An episode's single view with its sources, for the routes that answer with it (read,
// edit) and the account export (many at once, one query).
import type { Executor } from '@castwright/core/db/connect';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { selectSourceSummaries } from '@castwright/core/repositories/episode-sources';
import { episodeDetail } from './episode-views.ts';

export async function episodeDetailView(db: Executor, episode: EpisodeRow) {
  return episodeDetail(episode, await selectSourceSummaries(db, [episode.id]));
}

export async function episodeDetailViews(db: Executor, episodes: readonly EpisodeRow[]) {
  const byEpisode = Map.groupBy(await selectSourceSummaries(db, episodes.map((episode) => episode.id)), (source) => source.episode_id);
  return episodes.map((episode) => episodeDetail(episode, byEpisode.get(episode.id) ?? []));
}
