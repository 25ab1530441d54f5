// Where in an episode each of its sources is discussed, from the refs of its timed lines:
// a moment starts at each line that draws on the source after lines that drew on another
// (lines drawing on none, a question or a transition, neither start nor end one). So every
// moment is the start of a line whose refs point at the source, and a listener who seeks
// there hears the source being read or discussed.
import type { SourceRef } from '@castwright/core/source-refs';
import { formatTimestamp } from '../search/transcript-search.ts';

export interface TimedRefs {
  startTimeMs: number;
  sourceRefs: readonly SourceRef[];
}

export interface SourceMoment {
  timestamp: string;
  timestampMs: number;
}

/** Moments listed per source at most: a source read throughout a long episode is still a short list. */
const MAX_MOMENTS = 24;

/** The moments of each source (by its index), in order. */
export function sourceMoments(lines: readonly TimedRefs[]): Map<number, SourceMoment[]> {
  const moments = new Map<number, SourceMoment[]>();
  let current = new Set<number>();
  for (const line of lines) {
    const cited = new Set(line.sourceRefs.map((ref) => ref.source));
    if (cited.size === 0) continue;
    for (const source of cited) {
      if (current.has(source)) continue;
      const list = moments.get(source) ?? [];
      const ms = Math.max(0, Math.floor(line.startTimeMs));
      if (list.length < MAX_MOMENTS) list.push({ timestamp: formatTimestamp(ms), timestampMs: ms });
      moments.set(source, list);
    }
    current = cited;
  }
  return moments;
}
