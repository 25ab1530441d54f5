// How a script's lines go on the timeline, worked out from the script alone (the renderer
// then lays the clips out, placed-clips.ts): whether each line overlaps the one before it
// (a reaction, at its share of its host line's text; a cut-in, by its overlap) and the
// pause before each line that follows another. At `reactions: none` the pauses are the
// voice style's fixed ones, exactly as before reactions existed; otherwise they are drawn
// from natural ranges, seeded by the line (natural-pauses.ts). The pause is the line's
// `pauseBeforeMs`, the one name for "the silence before this clip" that the show's mix
// (mix/mix-plan.ts) and the chunked master (assemble-episode.ts) take too.
import type { ReactionLevel } from '@castwright/core/episode-options';
import type { ScriptLine } from '@castwright/core/script-lines';
import { reactionHost, reactionShare } from '@castwright/core/script-overlaps';
import { naturalPauseMs } from './natural-pauses.ts';
import type { PausePlan } from './timeline.ts';

/** How a line overlaps the one before it. */
export type LinePlacement =
  /** Mixed under its host line, in the pause nearest this share (0 to 1) of it. */
  | { kind: 'reaction'; share: number }
  /** Starts this long before the line before it ends. */
  | { kind: 'cut-in'; overlapMs: number };

export interface TimedLine {
  placement?: LinePlacement;
  /** The pause before the line, when it follows another without overlapping it. */
  pauseBeforeMs?: number;
}

export type PauseStyle = 'fixed' | 'natural';

/** An episode's pauses: the voice style's fixed ones at `reactions: none` (strict turns, as before reactions existed), natural otherwise. */
export function pauseStyle(reactions: ReactionLevel): PauseStyle {
  return reactions === 'none' ? 'fixed' : 'natural';
}

/** Each line's placement and the pause before it; `style` says whose pauses. */
export function scriptTimeline(lines: readonly ScriptLine[], plan: PausePlan, style: PauseStyle): TimedLine[] {
  let previous: ScriptLine | undefined;
  return lines.map((line, index) => {
    const host = line.reaction ? reactionHost(lines, index) : undefined;
    if (line.reaction && host !== undefined) return { placement: { kind: 'reaction', share: reactionShare((lines[host] as ScriptLine).text, line.reaction.afterWord) } };
    const before = previous;
    previous = line;
    if (!before) return {};
    if (line.overlapMs !== undefined && !lines[index - 1]?.reaction) return { placement: { kind: 'cut-in', overlapMs: line.overlapMs } };
    const fixed = before.speaker === line.speaker ? plan.sameSpeakerMs : plan.speakerChangeMs;
    return { pauseBeforeMs: style === 'fixed' ? fixed : naturalPauseMs(plan, before, { speaker: line.speaker, text: line.text, opensSection: line.section !== undefined }) };
  });
}
