// The rules both writers keep for reactions and cut-ins, beyond their shape
// (core/script-overlaps.ts): how often a listening host reacts at each `reactions` level,
// that no reaction is said again within a minute, and that a script at `none` has neither.
// Time is the script's own estimate at the pace it will be read (script-length.ts): a
// reaction sits at its share of the line it goes under.
import type { ReactionLevel } from '@castwright/core/episode-options';
import type { ScriptLine } from '@castwright/core/script-lines';
import { MAX_REACTION_CHARACTERS, overlapProblems, reactionHost, reactionShare } from '@castwright/core/script-overlaps';
import { lineMs } from './script-length.ts';
import type { ScriptPace } from './script-writer.ts';

/** The least time between two reactions at each level (none has none). */
export const REACTION_SPACING_MS: Record<ReactionLevel, number> = { none: Number.POSITIVE_INFINITY, some: 20_000, lively: 8_000 };
/** A reaction is not said again within this long. */
export const REPEAT_WINDOW_MS = 60_000;
/** A cut-in starts this much before the line before it ends (when the writer gives no other). */
export const CUT_IN_MS = 300;

/** The normalised words of a reaction, so "Right." and "right!" count as one. */
export const reactionKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/** When each line starts, estimated at the pace: a reaction at its share of its host line, a cut-in its overlap early. */
export function estimatedStarts(lines: readonly ScriptLine[], pace: ScriptPace): number[] {
  const starts: number[] = [];
  let clock = pace.leadInMs;
  let previous: ScriptLine | undefined;
  lines.forEach((line, index) => {
    if (line.reaction) {
      const host = reactionHost(lines, index);
      const hostLine = host === undefined ? undefined : lines[host];
      starts.push(host === undefined || !hostLine ? clock : (starts[host] as number) + lineMs(hostLine.text, hostLine.speaker, pace) * reactionShare(hostLine.text, line.reaction.afterWord));
      return;
    }
    if (previous) clock += line.overlapMs !== undefined ? -line.overlapMs : previous.speaker === line.speaker ? pace.pauseMsWithinSpeaker : pace.pauseMsBetweenTurns;
    starts.push(clock);
    clock += lineMs(line.text, line.speaker, pace);
    previous = line;
  });
  return starts;
}

/**
 * The script with the rules kept: at `none` no reaction or cut-in; a cut-in whose shape is
 * wrong becomes a turn of its own, and so does a "reaction" too long to be one (a whole
 * line marked by mistake, which must not be lost); a short reaction whose shape is wrong,
 * or one said again within a minute, is left out. Returns how many were changed.
 */
export function keepReactionRules<T extends ScriptLine>(lines: readonly T[], pace: ScriptPace, level: ReactionLevel): { lines: T[]; changed: number } {
  let changed = 0;
  const plain = (line: T): T => {
    changed += 1;
    const { reaction: _reaction, overlapMs: _overlapMs, ...rest } = line;
    return rest as T;
  };
  let kept: T[] = lines.flatMap((line) => {
    if (level === 'none' && line.reaction) {
      changed += 1;
      return [];
    }
    return level === 'none' && line.overlapMs !== undefined ? [plain(line)] : [line];
  });
  // Shape first: one at a time, since dropping a reaction can mend the line after it.
  for (let problems = overlapProblems(kept); problems.length > 0; problems = overlapProblems(kept)) {
    const { index } = problems[0] as { index: number };
    const line = kept[index] as T;
    if (line.reaction && line.text.length <= MAX_REACTION_CHARACTERS) {
      changed += 1;
      kept = kept.filter((_, at) => at !== index);
    } else kept[index] = plain(line);
  }
  const starts = estimatedStarts(kept, pace);
  const said = new Map<string, number>();
  kept = kept.filter((line, index) => {
    if (!line.reaction) return true;
    const key = reactionKey(line.text);
    const at = starts[index] as number;
    const last = said.get(key);
    if (last !== undefined && at - last < REPEAT_WINDOW_MS) {
      changed += 1;
      return false;
    }
    said.set(key, at);
    return true;
  });
  return { lines: kept, changed };
}
