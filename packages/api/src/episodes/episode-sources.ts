// An episode's sources with where each is discussed (GET /api/episodes/:id/sources) and
// the show notes' list of them, both derived from the published transcript's refs, so
// they always match the audio that is served (no moments before the first ready).
import type { Db } from '@castwright/core/db/connect';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { selectSourceSummaries } from '@castwright/core/repositories/episode-sources';
import { selectTranscript } from '@castwright/core/repositories/episodes';
import { storedLineRefs } from '@castwright/core/source-refs';
import { sourceMoments, type SourceMoment } from '@castwright/content/show-notes/source-moments';
import { sourceTitle, sourceView } from './source-views.ts';

async function sourcesWithMoments(db: Db, episode: EpisodeRow) {
  const [sources, segments] = await Promise.all([selectSourceSummaries(db, [episode.id]), selectTranscript(db, episode.id)]);
  const moments = sourceMoments(segments.map((segment) => ({ startTimeMs: segment.start_ms, sourceRefs: storedLineRefs(segment.source_refs) })));
  return sources.map((source) => ({ source, timestamps: moments.get(source.position) ?? ([] as SourceMoment[]) }));
}

export async function readEpisodeSources(db: Db, episode: EpisodeRow) {
  const sources = await sourcesWithMoments(db, episode);
  return {
    episodeId: episode.id,
    sources: sources.map(({ source, timestamps }) => ({ ...sourceView(source), timestamps })),
    refsDropped: episode.source_refs_dropped,
  };
}

/** The show notes' sources: each with its title, its address (pages, and texts that came from one) and where it is discussed. */
export async function showNotesSources(db: Db, episode: EpisodeRow) {
  const sources = await sourcesWithMoments(db, episode);
  return sources.map(({ source, timestamps }) => ({ title: sourceTitle(source), url: source.url, timestamps }));
}
