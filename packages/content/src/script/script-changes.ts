// How much a script changed between two revisions, counted in lines: the shortest edit
// (a line diff, jsdiff's Myers implementation) between them, where a line replaced by
// another counts once, a line added or removed once each. A line is its speaker, text,
// the section it opens, the language it is in and where a reaction or cut-in sits: the
// things an edit can change.
import { diffArrays } from 'diff';
import type { ScriptLine } from '@castwright/core/script-lines';

const identity = (line: ScriptLine) =>
  JSON.stringify([line.speaker, line.text, line.section ?? null, line.reaction?.afterWord ?? null, line.overlapMs ?? null, ...(line.language ? [line.language] : [])]);

export function changedLineCount(before: readonly ScriptLine[], after: readonly ScriptLine[]): number {
  let changed = 0;
  let removed = 0;
  let added = 0;
  const settle = () => {
    // A run of removals next to a run of additions is that many lines rewritten, plus the rest.
    changed += Math.max(removed, added);
    removed = 0;
    added = 0;
  };
  for (const part of diffArrays(before.map(identity), after.map(identity))) {
    if (part.removed) removed += part.count;
    else if (part.added) added += part.count;
    else settle();
  }
  settle();
  return changed;
}
