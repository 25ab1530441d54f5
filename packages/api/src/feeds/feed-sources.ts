// A feed item's description names what the episode is made from: its sources in order,
// each with its link where it has one (a page, or a text that came from one), below the
// episode's own description. An episode of one typed text or document lists nothing.
import type { SourceSummary } from '@castwright/core/repositories/episode-sources';
import { sourceTitle } from '../episodes/source-views.ts';

export function describedWithSources(description: string, sources: readonly SourceSummary[]): string {
  const used = sources.filter((source) => source.status === 'read' || source.status === 'left_out');
  if (used.length === 0 || (used.length === 1 && !used[0]?.url)) return description;
  const lines = used.map((source, n) => `${n + 1}. ${sourceTitle(source)}${source.url ? ` — ${source.url}` : ''}`);
  return `${description}\n\nSources:\n${lines.join('\n')}`;
}
