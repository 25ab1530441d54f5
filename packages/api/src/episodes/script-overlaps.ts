// Reactions and cut-ins on edited script lines. A line a change gives keeps the rules
// (core/script-overlaps.ts) or the change is a 400 naming each broken one; a reaction given
// without `afterWord` goes after the sentence nearest the middle of the line it goes under.
// Lines a change leaves alone follow it quietly: a reaction whose line got shorter moves to
// its last word, and a reaction or cut-in that no longer has a line by another host to go
// under (or after) becomes a turn of its own.
import { AppError } from '@castwright/core/errors';
import type { ScriptLine } from '@castwright/core/script-lines';
import { defaultAfterWord, overlapProblems, reactionHost, wordEnds } from '@castwright/core/script-overlaps';

/** A reaction as a change gives it: where, or left to the service. */
export interface ReactionInput {
  afterWord?: number | undefined;
}

/** The line's reaction, its `afterWord` filled in from the line it goes under when left out. */
export function placedReaction(lines: readonly ScriptLine[], index: number, reaction: ReactionInput): ScriptLine['reaction'] {
  if (reaction.afterWord !== undefined) return { afterWord: reaction.afterWord };
  const host = reactionHost(lines, index);
  return { afterWord: host === undefined ? 1 : defaultAfterWord((lines[host] as ScriptLine).text) };
}

/** Without the line's reaction and cut-in. */
export function plainLine(line: ScriptLine): ScriptLine {
  const { reaction: _reaction, overlapMs: _overlapMs, ...plain } = line;
  return plain;
}

/**
 * Settles the lines a change did not give (`given`: the indices it did), then checks them
 * all: a 400 listing every problem of the given ones.
 */
export function settleOverlaps(lines: ScriptLine[], given: ReadonlySet<number>): ScriptLine[] {
  lines.forEach((line, index) => {
    if (given.has(index)) return;
    if (line.reaction) {
      const host = reactionHost(lines, index);
      const hostLine = host === undefined ? undefined : lines[host];
      if (!hostLine || hostLine.speaker === line.speaker) lines[index] = plainLine(line);
      else lines[index] = { ...line, reaction: { afterWord: Math.max(1, Math.min(line.reaction.afterWord, wordEnds(hostLine.text).length)) } };
    } else if (line.overlapMs !== undefined) {
      const previous = lines[index - 1];
      if (!previous || previous.reaction || previous.speaker === line.speaker) lines[index] = plainLine(line);
    }
  });
  const problems = overlapProblems(lines).map(({ index, problem }) => `lines.${index}: ${problem}`);
  if (problems.length > 0) throw AppError.validation(problems.join('; '), problems);
  return lines;
}
