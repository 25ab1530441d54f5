// An episode's single view with what it is read with: its sources and the name of the show
// it is in, and whether the reader owns it. For the routes that answer with it (read, edit)
// and the account export (many at once: one query for each); editing and the export are
// the owner's own.
import type { Executor } from '@castwright/core/db/connect';
import type { EpisodeRow } from '@castwright/core/db/schema';
import type { EpisodeWithDetail } from '@castwright/core/repositories/episodes';
import { selectSourceSummaries } from '@castwright/core/repositories/episode-sources';
import { selectShowNames } from '@castwright/core/repositories/shows';
import { episodeDetail } from './episode-views.ts';

export async function episodeDetailView(db: Executor, episode: EpisodeRow) {
  const [sources, showNames] = await Promise.all([
    selectSourceSummaries(db, [episode.id]),
    episode.show_id ? selectShowNames(db, [episode.show_id]) : new Map<string, string>(),
  ]);
  return episodeDetail(episode, { sources, showNames, readerId: episode.user_id });
}

/** The view of an episode read with its detail (selectEpisodeWithDetail), for `readerId` (null: anonymous): no further reads. */
export function episodeDetailOf({ sources, show_name: showName, ...episode }: EpisodeWithDetail, readerId: string | null) {
  return episodeDetail(episode, { sources, showNames: new Map(episode.show_id && showName !== null ? [[episode.show_id, showName]] : []), readerId });
}

export async function episodeDetailViews(db: Executor, episodes: readonly EpisodeRow[]) {
  const showIds = [...new Set(episodes.flatMap((episode) => (episode.show_id ? [episode.show_id] : [])))];
  const [sources, showNames] = await Promise.all([selectSourceSummaries(db, episodes.map((episode) => episode.id)), selectShowNames(db, showIds)]);
  const byEpisode = Map.groupBy(sources, (source) => source.episode_id);
  return episodes.map((episode) => episodeDetail(episode, { sources: byEpisode.get(episode.id) ?? [], showNames, readerId: episode.user_id }));
}
