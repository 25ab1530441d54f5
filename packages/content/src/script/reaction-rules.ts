// The rules both writers keep for reactions and cut-ins, beyond their shape
// (core/script-overlaps.ts): how often a listening host reacts at each `reactions` level,
// that no reaction is said again within a minute, and that a script at `none` has neither.
// Time is the script's own estimate at the pace it will be read (script-length.ts): a
// reaction sits at its share of the line it goes under.
import type { ReactionLevel } from '@castwright/core/episode-options';
import type { ScriptLine } from '@castwright/core/script-lines';
import { lineOverlapProblems, MAX_REACTION_CHARACTERS, reactionHost, reactionShare } from '@castwright/core/script-overlaps';
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
 * The rules kept line by line, as the lines come: a streamed script's lines are voiced as
 * they are written (llm-heard-lines.ts), so each is settled once, by the lines before it
 * alone (every rule looks back only, so this is the whole script's answer too). At `none` no
 * reaction or cut-in; a cut-in whose shape is wrong becomes a turn of its own, and so does a
 * "reaction" too long to be one (a whole line marked by mistake, which must not be lost); a
 * short reaction whose shape is wrong, or one said again within a minute, is left out.
 */
export class ReactionRules<T extends ScriptLine> {
  private readonly pace: ScriptPace;
  private readonly level: ReactionLevel;
  /** The lines after the shape rules, a reaction said again within a minute too: what later lines are judged and timed against. */
  private readonly shaped: T[] = [];
  private readonly starts: number[] = [];
  private clock: number;
  private previous: ScriptLine | undefined;
  private readonly said = new Map<string, number>();

  constructor(pace: ScriptPace, level: ReactionLevel) {
    this.pace = pace;
    this.level = level;
    this.clock = pace.leadInMs;
  }

  /** The line as kept after those before it: as it is, as a turn of its own, or left out (undefined). */
  take(given: T): T | undefined {
    let line = given;
    if (this.level === 'none') {
      if (line.reaction) return undefined;
      if (line.overlapMs !== undefined) line = plain(line);
    }
    const index = this.shaped.length;
    this.shaped.push(line);
    if (lineOverlapProblems(this.shaped, index).length > 0) {
      if (line.reaction && line.text.length <= MAX_REACTION_CHARACTERS) {
        this.shaped.pop();
        return undefined;
      }
      line = plain(line);
      this.shaped[index] = line;
    }
    const at = this.startOf(line, index);
    if (!line.reaction) return line;
    const key = reactionKey(line.text);
    const last = this.said.get(key);
    if (last !== undefined && at - last < REPEAT_WINDOW_MS) return undefined;
    this.said.set(key, at);
    return line;
  }

  /** When the line at `index` of the shaped lines starts, as estimatedStarts times it. */
  private startOf(line: T, index: number): number {
    let at: number;
    if (line.reaction) {
      const host = reactionHost(this.shaped, index);
      const hostLine = host === undefined ? undefined : this.shaped[host];
      at = host === undefined || !hostLine ? this.clock : (this.starts[host] as number) + lineMs(hostLine.text, hostLine.speaker, this.pace) * reactionShare(hostLine.text, line.reaction.afterWord);
    } else {
      if (this.previous) this.clock += line.overlapMs !== undefined ? -line.overlapMs : this.previous.speaker === line.speaker ? this.pace.pauseMsWithinSpeaker : this.pace.pauseMsBetweenTurns;
      at = this.clock;
      this.clock += lineMs(line.text, line.speaker, this.pace);
      this.previous = line;
    }
    this.starts.push(at);
    return at;
  }
}

/** Without the line's reaction and cut-in. */
function plain<T extends ScriptLine>(line: T): T {
  const { reaction: _reaction, overlapMs: _overlapMs, ...rest } = line;
  return rest as T;
}
