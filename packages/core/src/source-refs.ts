// Where a script line comes from: refs to character spans of its episode's sources'
// stored texts (`episode_sources.text`). A script's refs are kept beside its text, one
// list per line in order (`episodes.script_refs`, `episode_revisions.script_refs`), and a
// published revision's go onto its transcript segments. Everything that tells a listener
// where a point came from (show notes, the sources view, the feed) is derived from them.
import Type, { type Static } from 'typebox';
import { compileChecker } from './validation.ts';

export const SourceRef = Type.Object(
  {
    source: Type.Integer({ minimum: 0, description: "The source's index in the episode's sources (0 is the first)" }),
    start: Type.Integer({ minimum: 0, description: "First character of the span in the source's stored text (UTF-16 code units, as JavaScript counts)" }),
    end: Type.Integer({ minimum: 1, description: 'One past the last character of the span' }),
  },
  { additionalProperties: false, description: 'A character span of one source the line draws on' },
);
export type SourceRef = Static<typeof SourceRef>;

/** Refs one line may carry: a turn of a few sentences draws on a few passages. */
export const MAX_REFS_PER_LINE = 12;

const ScriptRefs = Type.Array(Type.Array(SourceRef, { maxItems: MAX_REFS_PER_LINE }));
const checkScriptRefs = compileChecker(ScriptRefs, 'script refs');

/**
 * A stored script's refs for its `lineCount` lines: what the column holds when it holds
 * one list per line, else none for every line (a script from before sources, or a stored
 * value that no longer fits, is never trusted half-way).
 */
export function storedScriptRefs(value: unknown, lineCount: number): SourceRef[][] {
  const none = () => Array.from({ length: lineCount }, (): SourceRef[] => []);
  if (value === null || value === undefined) return none();
  try {
    const refs = checkScriptRefs(value);
    return refs.length === lineCount ? refs : none();
  } catch {
    return none();
  }
}

/** One line's stored refs (a transcript segment's); none when the value does not fit. */
export function storedLineRefs(value: unknown): SourceRef[] {
  return storedScriptRefs(value === null || value === undefined ? null : [value], 1)[0] ?? [];
}

/** One line's refs as a column stores them: null for none. */
export function lineRefsColumn(refs: readonly SourceRef[] | undefined): string | null {
  return refs && refs.length > 0 ? JSON.stringify(refs) : null;
}

/** Refs as the column stores them: null when no line has any. */
export function scriptRefsColumn(refs: readonly (readonly SourceRef[])[]): string | null {
  return refs.some((line) => line.length > 0) ? JSON.stringify(refs) : null;
}

/** Refs in source order, each once, overlapping or touching spans of one source merged. */
export function normalisedRefs(refs: readonly SourceRef[]): SourceRef[] {
  const sorted = [...refs].sort((a, b) => a.source - b.source || a.start - b.start || a.end - b.end);
  const merged: SourceRef[] = [];
  for (const ref of sorted) {
    const last = merged.at(-1);
    if (last && last.source === ref.source && ref.start <= last.end) last.end = Math.max(last.end, ref.end);
    else merged.push({ ...ref });
  }
  return merged.slice(0, MAX_REFS_PER_LINE);
}
