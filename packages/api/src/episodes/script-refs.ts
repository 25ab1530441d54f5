// Refs on edited script lines. A line whose text an edit leaves alone keeps its refs; a
// replaced script's line keeps the refs of a line of the same text it replaces (each old
// line's once, in order), unless refs are given with it. Refs given must point into a
// source the episode has read, within its text (400 naming the line otherwise).
import type { Executor } from '@castwright/core/db/connect';
import { AppError } from '@castwright/core/errors';
import { selectSourceSummaries } from '@castwright/core/repositories/episode-sources';
import type { ScriptLine } from '@castwright/core/script-lines';
import { normalisedRefs } from '@castwright/core/source-refs';

/** The new lines, each given line's refs kept, the others' taken from an old line of the same text. */
export function keptRefs(before: readonly ScriptLine[], after: readonly ScriptLine[]): ScriptLine[] {
  const byText = new Map<string, ScriptLine['sourceRefs'][]>();
  for (const line of before) byText.set(line.text, [...(byText.get(line.text) ?? []), line.sourceRefs]);
  return after.map((line) => {
    if (line.sourceRefs) return line;
    const earlier = byText.get(line.text)?.shift();
    return { ...line, sourceRefs: earlier ?? [] };
  });
}

/** 400 when a line points outside what the episode's read sources hold; the refs are normalised (sorted, merged). */
export async function checkGivenRefs(db: Executor, episodeId: string, lines: ScriptLine[]): Promise<void> {
  if (!lines.some((line) => line.sourceRefs && line.sourceRefs.length > 0)) return;
  const sources = new Map((await selectSourceSummaries(db, [episodeId])).map((source) => [source.position, source]));
  lines.forEach((line, index) => {
    for (const ref of line.sourceRefs ?? []) {
      const source = sources.get(ref.source);
      const characters = source && (source.status === 'read' || source.status === 'left_out') ? (source.characters ?? 0) : undefined;
      if (characters === undefined) throw AppError.validation(`Line ${index}: the episode has no read source ${ref.source}`, [`lines.${index}.sourceRefs: no read source ${ref.source}`]);
      if (!(ref.start < ref.end && ref.end <= characters)) {
        throw AppError.validation(`Line ${index}: a ref must be a span start < end ≤ ${characters} of source ${ref.source}`, [`lines.${index}.sourceRefs: ${ref.start}–${ref.end} is outside source ${ref.source}`]);
      }
    }
    line.sourceRefs = normalisedRefs(line.sourceRefs ?? []);
  });
}
