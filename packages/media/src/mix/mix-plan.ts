// An episode's timeline as a list of placed blocks, each mastered as one MP3 chunk
// (assemble-episode.ts): what is heard, in order, and the silence before each. Pure:
// decided from the script and the show's sound alone, before any audio is read.
//
//   intro → [sting] section → [sting] section … → outro
//
// The plan's "lines" are the script's placed clips (placed-clips.ts): a line with the
// reactions said under it and a cut-in overlapping it is one line here, and the pause
// before each is the one the episode's timeline gives it (natural, or the voice style's).
//
// Without a bed, every voiced line is its own block, as before shows existed: an edit
// encodes only its own chunk again. With a bed, a section's lines and the bed under them
// are one block, because the bed runs on between the lines and chunks may only be joined
// where the sound is silent (each chunk starts with the encoder's delay of silence): the
// bed comes up before the section's first line and rises and fades after its last, the
// sting (if any) plays in the silence between, and the next section's bed fades in after
// it. A section too long for one block (its text past BED_BLOCK_CHARACTERS) is cut
// between two lines, where the bed dips through the pause. Each section's chapter starts
// where its first block does: its sting, or the bed's rise, or its first line; the first
// section's at 0 when an intro opens the episode.
import type { PausePlan } from '../timeline.ts';

export type MixBlock =
  | { kind: 'line'; line: number; pauseBeforeMs: number }
  | { kind: 'part'; part: 'intro' | 'outro' | 'sting'; section: number; pauseBeforeMs: number }
  | {
      kind: 'bed';
      section: number;
      /** Its lines: `from` up to, not including, `to`. */
      from: number;
      to: number;
      /** Silence between its lines (length to − from − 1). */
      gapsMs: number[];
      /** The bed alone before the first line, and after the last. */
      leadMs: number;
      tailMs: number;
      fadeInMs: number;
      fadeOutMs: number;
      pauseBeforeMs: number;
    };

/** What the plan lays out: a voiced line, or a placed clip (a line with the reactions and cut-ins mixed into it, placed-clips.ts). */
export interface MixLine {
  speaker: string;
  /** The script's text: how long a bed block may grow is judged by it. */
  text: string;
  /** Set on the first line of a section of the script (its title). */
  section?: string | undefined;
  /** The silence before it when it follows another (a natural pause, script-timeline.ts); left out, the plan's for its speaker. */
  pauseBeforeMs?: number | undefined;
}

/** Which parts the show has. */
export interface MixParts {
  intro: boolean;
  outro: boolean;
  bed: boolean;
  sting: boolean;
}

export interface MixPlan {
  blocks: MixBlock[];
  /** The section each line is in (index of its first line's section). */
  sectionOfLine: number[];
  /** Each section's first line. */
  sectionStarts: number[];
  /** For each section, the block whose start is its chapter's start. */
  chapterBlocks: number[];
}

/** The silences around the parts, and the bed's own rise and fall. */
export const MIX_TIMING = {
  afterIntroMs: 600,
  aroundStingMs: 350,
  beforeOutroMs: 800,
  bedLeadMs: 1800,
  bedFadeInMs: 600,
  bedTailMs: 2200,
  bedFadeOutMs: 1400,
} as const;

/** About five minutes of speech: a bed block longer than this is cut at a pause (memory, and the chunk an edit encodes again). */
export const BED_BLOCK_CHARACTERS = 4000;

const NO_PARTS: MixParts = { intro: false, outro: false, bed: false, sting: false };

export function planMix(lines: readonly MixLine[], pauses: PausePlan, parts: MixParts = NO_PARTS): MixPlan {
  const sectionStarts = [0, ...lines.flatMap((line, index) => (index > 0 && line.section ? [index] : []))];
  const sectionOfLine: number[] = [];
  sectionStarts.forEach((start, section) => {
    const end = sectionStarts[section + 1] ?? lines.length;
    for (let line = start; line < end; line++) sectionOfLine.push(section);
  });
  const speakerPause = (line: number) => lines[line]?.pauseBeforeMs ?? (lines[line]?.speaker === lines[line - 1]?.speaker ? pauses.sameSpeakerMs : pauses.speakerChangeMs);
  const blocks: MixBlock[] = [];
  const chapterBlocks: number[] = [];
  if (parts.intro) blocks.push({ kind: 'part', part: 'intro', section: 0, pauseBeforeMs: 0 });

  sectionStarts.forEach((start, section) => {
    const end = sectionStarts[section + 1] ?? lines.length;
    // Before this section: the lead-in, or the pause after the intro, or the one between sections (around a sting, if any).
    let pause = blocks.length === 0 ? pauses.leadInMs : section === 0 ? MIX_TIMING.afterIntroMs : parts.bed ? MIX_TIMING.aroundStingMs : speakerPause(start);
    chapterBlocks.push(section === 0 && parts.intro ? 0 : blocks.length);
    if (section > 0 && parts.sting) {
      blocks.push({ kind: 'part', part: 'sting', section, pauseBeforeMs: Math.max(pause, MIX_TIMING.aroundStingMs) });
      pause = MIX_TIMING.aroundStingMs;
    }
    if (!parts.bed) {
      for (let line = start; line < end; line++) blocks.push({ kind: 'line', line, pauseBeforeMs: line === start ? pause : speakerPause(line) });
      return;
    }
    for (const piece of bedPieces(lines, start, end)) {
      const first = piece.from === start;
      const last = piece.to === end;
      // A cut inside a section: the pause between the two lines is split across the blocks' edges, where the bed dips.
      const cut = first ? 0 : speakerPause(piece.from);
      blocks.push({
        kind: 'bed',
        section,
        from: piece.from,
        to: piece.to,
        gapsMs: Array.from({ length: piece.to - piece.from - 1 }, (_, index) => speakerPause(piece.from + index + 1)),
        leadMs: first ? MIX_TIMING.bedLeadMs : cut - Math.floor(cut / 2),
        tailMs: last ? MIX_TIMING.bedTailMs : Math.floor(speakerPause(piece.to) / 2),
        fadeInMs: first ? MIX_TIMING.bedFadeInMs : cut - Math.floor(cut / 2),
        fadeOutMs: last ? MIX_TIMING.bedFadeOutMs : Math.floor(speakerPause(piece.to) / 2),
        pauseBeforeMs: first ? pause : 0,
      });
    }
  });
  if (parts.outro) blocks.push({ kind: 'part', part: 'outro', section: sectionStarts.length - 1, pauseBeforeMs: MIX_TIMING.beforeOutroMs });
  return { blocks, sectionOfLine, sectionStarts, chapterBlocks };
}

/** A section's lines cut into pieces of at most BED_BLOCK_CHARACTERS of text (a longer line is a piece of its own). */
function bedPieces(lines: readonly MixLine[], start: number, end: number): { from: number; to: number }[] {
  const pieces: { from: number; to: number }[] = [];
  let from = start;
  let characters = 0;
  for (let line = start; line < end; line++) {
    const length = lines[line]?.text.length ?? 0;
    if (line > from && characters + length > BED_BLOCK_CHARACTERS) {
      pieces.push({ from, to: line });
      from = line;
      characters = 0;
    }
    characters += length;
  }
  pieces.push({ from, to: end });
  return pieces;
}

/** Whether the plan is the plain one (a block per line, nothing of a show): the mix then changes nothing. */
export function isPlainPlan(plan: MixPlan): boolean {
  return plan.blocks.every((block) => block.kind === 'line');
}
