// How an episode's sources look in API responses: in the episode's view, the sources
// view (with where each is discussed), the show notes and the feed.
import type { SourceSummary } from '@castwright/core/repositories/episode-sources';

/** What a listener knows the source by: its title, else its address's host, file name or place. */
export function sourceTitle(source: Pick<SourceSummary, 'title' | 'filename' | 'url' | 'position'>): string {
  if (source.title) return source.title;
  if (source.filename) return source.filename;
  if (source.url) {
    try {
      return new URL(source.url).hostname;
    } catch {
      return source.url;
    }
  }
  return `Source ${source.position + 1}`;
}

export function sourceView(source: SourceSummary) {
  return {
    index: source.position,
    kind: source.kind,
    title: sourceTitle(source),
    ...(source.url ? { url: source.url } : {}),
    ...(source.document_id ? { documentId: source.document_id } : {}),
    characters: source.characters,
    language: source.language,
    status: source.status,
    ...(source.error ? { error: source.error } : {}),
    ...(source.note ? { note: source.note } : {}),
  };
}

/** The sources the length could not hold, as the length note names them. */
export function leftOutSources(sources: readonly SourceSummary[]): string[] {
  return sources.filter((source) => source.status === 'left_out').map((source) => `source ${source.position + 1} (“${sourceTitle(source)}”)`);
}
