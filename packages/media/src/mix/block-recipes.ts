// What each block of a show's mix (or each line of an episode without one) is made from,
// known before any audio is read: the recipe the chunked master records its clip under
// (assemble-episode.ts), so the next render takes an unchanged one from that record
// instead of reading its lines, metering its section and mixing its bed again. A new
// intro then makes the intro alone, and an edit reads only the lines it changed.
//
// A recipe is a digest of everything the block's samples depend on: the lines' segment
// keys (a key names the voiced clip, segment-key.ts) and how they overlap, the section's
// lines and pauses (a part's and a bed's level follow the section's voices), the show's
// part and the levels it is mixed at, the block's own lengths, and the timeline's rate.
// Lines without a key (audio handed in) give no recipes: such blocks are made and metered
// every time.
import { createHash } from 'node:crypto';
import type { PausePlan } from '../timeline.ts';
import type { PlacedClip } from '../placed-clips.ts';
import type { LinePlacement } from '../script-timeline.ts';
import type { MixLine, MixPlan } from './mix-plan.ts';
import type { ShowSound } from './mix-episode.ts';

/** Raise when a change to the mix's code (render-block.ts, bed-ducking.ts, placed-clips.ts) makes a block sound different: every recorded block is then made again. */
const MIX_RECIPE_VERSION = 1;

export interface RecipeLine {
  /** The line's segment key. */
  identity?: string | undefined;
  placement?: LinePlacement | undefined;
}

const digest = (parts: unknown) => createHash('sha256').update(JSON.stringify([MIX_RECIPE_VERSION, parts])).digest('hex');

/** Each line's recipe, in an episode without a show's blocks: its segment key at the timeline's rate. */
export function lineRecipes(lines: readonly RecipeLine[], sampleRate: number): (string | undefined)[] {
  return lines.map((line) => (line.identity === undefined ? undefined : digest(['line', sampleRate, line.identity])));
}

/** Each block's recipe, in plan order; none where a block is the script's own line (its chunk is the line's) or a line has no key. */
export function blockRecipes(input: {
  plan: MixPlan;
  placed: readonly PlacedClip[];
  units: readonly MixLine[];
  lines: readonly RecipeLine[];
  show: ShowSound;
  pauses: PausePlan;
  sampleRate: number;
}): (string | undefined)[] {
  const { plan, placed, units, lines, show, pauses, sampleRate } = input;
  if (lines.some((line) => line.identity === undefined)) return plan.blocks.map(() => undefined);
  const unit = (index: number) => (placed[index] as PlacedClip).lines.map((line) => [lines[line]?.identity, lines[line]?.placement ?? null]);
  const section = (index: number) => {
    const from = plan.sectionStarts[index] as number;
    const to = plan.sectionStarts[index + 1] ?? units.length;
    return { pauses, units: Array.from({ length: to - from }, (_, offset) => [unit(from + offset), units[from + offset]?.speaker, units[from + offset]?.pauseBeforeMs ?? null]) };
  };
  return plan.blocks.map((block) => {
    if (block.kind === 'line') return undefined;
    // Each block with the levels it is mixed at (render-block.ts): a new level for the parts makes the parts again, not the beds.
    const { partsDb, ...bedLevels } = show.levels;
    if (block.kind === 'part') return digest(['part', sampleRate, block.part, show[block.part]?.digest, partsDb, section(block.section)]);
    const { gapsMs, leadMs, tailMs, fadeInMs, fadeOutMs } = block;
    const lines = Array.from({ length: block.to - block.from }, (_, offset) => unit(block.from + offset));
    return digest(['bed', sampleRate, { gapsMs, leadMs, tailMs, fadeInMs, fadeOutMs }, lines, show.bed?.digest, bedLevels, section(block.section)]);
  });
}
