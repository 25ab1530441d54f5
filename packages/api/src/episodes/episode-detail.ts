// An episode's single view with its sources, for the routes that answer with it (read,
// edit) and the account export (many at once, one query).
import type { Executor } from '@castwright/core/db/connect';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { selectSourceSummaries, type SourceSummary } from '@castwright/core/repositories/episode-sources';
import { episodeDetail } from './episode-views.ts';

export async function episodeDetailView(db: Executor, episode: EpisodeRow) {
  return episodeDetail(episode, await selectSourceSummaries(db, [episode.id]));
}

export async function episodeDetailViews(db: Executor, episodes: readonly EpisodeRow[]) {
  const byEpisode = new Map<string, SourceSummary[]>();
  for (const source of await selectSourceSummaries(db, episodes.map((episode) => episode.id))) {
    byEpisode.set(source.episode_id, [...(byEpisode.get(source.episode_id) ?? []), source]);
  }
  return episodes.map((episode) => episodeDetail(episode, byEpisode.get(episode.id) ?? []));
}
