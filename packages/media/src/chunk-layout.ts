// How an episode's timeline is cut into independently encoded MP3 chunks, one per line,
// so that a re-render can copy every unchanged chunk's bytes from the last episode.
//
// Chunk i holds `lead` samples of silence, line i's clip, and silence up to a whole
// number of MP3 frames (`outputSamples`, counted at the MP3's rate; the encoder adds its
// measured overhead, encoder-timing.ts). The silence between two lines is therefore the
// tail of one chunk, the encoder's overhead, and the lead of the next. Frames are 26 ms
// long, so the tail alone cannot make every pause exact; the lead takes up the rest:
//
//  - a first render makes every pause exact to a sample (at most a frame of lead);
//  - a re-render first looks for each line's chunk among the last episode's (same
//    clip, same mastering, same encoder) and reuses it when its lead puts the line
//    within half a frame (±13 ms) of where it belongs. After an edited line, the next
//    unchanged chunk keeps its lead and the edited chunk's tail is sized to meet it:
//    that one pause comes out up to ±13 ms off, and nothing after the edit moves
//    relative to its neighbours, so nothing after it is encoded again.
//
// Pure arithmetic over sample counts: testable without audio.

import type { EncoderTiming } from './encoder-timing.ts';

export interface LayoutLine {
  /** Clip length in samples at the source (timeline) rate. */
  clipSamples: number;
  /** What the chunk's audio depends on besides its silences (clip, mastering, format, encoder): chunks with equal content and silences are the same bytes. */
  content: string;
}

/** A chunk the last episode already has: its content, lead and length. */
export interface ReusableChunk {
  content: string;
  leadSamples: number;
  outputSamples: number;
}

export interface LayoutInput {
  lines: readonly LayoutLine[];
  sourceRate: number;
  outputRate: number;
  timing: Pick<EncoderTiming, 'delaySamples' | 'frameSamples' | 'overheadSamples'>;
  leadInMs: number;
  leadOutMs: number;
  /** Pause after each line but the last (length lines − 1). */
  gapsMs: readonly number[];
  /** Chunks that may be reused, by content. */
  reusable?: ReadonlyMap<string, readonly ReusableChunk[]>;
}

export interface ChunkSlot {
  /** Silence before the clip, in source samples. */
  leadSamples: number;
  /** The chunk's length at the MP3's rate before encoding: a whole number of frames. */
  outputSamples: number;
  /** The earlier chunk this one is, when it can be copied. */
  reuse: ReusableChunk | undefined;
}

/** Room after the clip's last sample for the resampler's filter to ring out. */
const TAIL_MARGIN_SAMPLES = 64;

/** What one chunk's placement needs besides the line itself (a LayoutInput without its lines and gaps). */
export type ChunkPlacement = Omit<LayoutInput, 'lines' | 'gapsMs'>;

/** Output samples of silence wanted before the first clip, inside its chunk: the lead-in, less the encoder's delay it already counts. */
export function firstLeadWanted(placement: ChunkPlacement): number {
  return (placement.leadInMs * placement.outputRate) / 1000 - placement.timing.delaySamples;
}

/**
 * Places one chunk: line `line`, with `wanted` output samples of silence asked for before
 * its clip, followed by `next` after a pause of `gapMs` (both undefined for the last line).
 * Returns the slot and the silence wanted before the next clip. A chunk depends only on its
 * line, what comes after it and the silence carried in, so a timeline that grows line by
 * line (a live stream) is placed exactly as the whole timeline would be.
 */
export function placeChunk(placement: ChunkPlacement, line: LayoutLine, wanted: number, after: { next: LayoutLine | undefined; gapMs: number } | undefined): { slot: ChunkSlot; wantedNext: number } {
  const { timing } = placement;
  const ratio = placement.outputRate / placement.sourceRate;
  const { frameSamples: frame, overheadSamples: overhead } = timing;
  const toOutput = (ms: number) => (ms * placement.outputRate) / 1000;
  const candidates = (candidateLine: LayoutLine | undefined) => (candidateLine && placement.reusable?.get(candidateLine.content)) ?? [];
  /** Among `candidateLine`'s earlier chunks, the one that `miss` puts closest, if within half a frame. */
  const best = (candidateLine: LayoutLine | undefined, miss: (candidate: ReusableChunk) => number) => {
    let found: ReusableChunk | undefined;
    for (const candidate of candidates(candidateLine)) if (!found || miss(candidate) < miss(found)) found = candidate;
    return found && miss(found) <= frame / 2 ? found : undefined;
  };

  const reuse = best(line, (candidate) => Math.abs(candidate.leadSamples * ratio - wanted));
  const leadSamples = reuse ? reuse.leadSamples : Math.max(0, Math.round(wanted / ratio));
  const contentEnd = (leadSamples + line.clipSamples) * ratio;
  const shortest = Math.ceil((contentEnd + TAIL_MARGIN_SAMPLES) / frame) * frame;
  const wholeFrames = (samples: number, round: (x: number) => number) => Math.max(shortest, round(samples / frame) * frame);
  let outputSamples: number;
  if (reuse) {
    outputSamples = reuse.outputSamples;
  } else if (!after) {
    // The file ends `overhead` after the chunk's input, and the clip sits `delay` into it.
    outputSamples = wholeFrames(toOutput(placement.leadOutMs) + timing.delaySamples + contentEnd - overhead, Math.round);
  } else {
    // Samples of tail that would leave no lead for the next line.
    const room = toOutput(after.gapMs) + contentEnd - overhead;
    const meeting = (candidate: ReusableChunk) => wholeFrames(room - candidate.leadSamples * ratio, Math.round);
    // Meet the next line's earlier chunk where one fits (its lead is fixed); else leave it under a frame of lead.
    const partner = best(after.next, (candidate) => Math.abs(candidate.leadSamples * ratio - (room - meeting(candidate))));
    outputSamples = partner ? meeting(partner) : wholeFrames(room, Math.floor);
  }
  const wantedNext = after ? toOutput(after.gapMs) - (outputSamples + overhead - contentEnd) : 0;
  return { slot: { leadSamples, outputSamples, reuse }, wantedNext };
}

export function layoutChunks(input: LayoutInput): ChunkSlot[] {
  const { lines } = input;
  const slots: ChunkSlot[] = [];
  // The first line's clip starts after the encoder's delay, which counts towards the lead-in.
  let wanted = firstLeadWanted(input);
  for (const [index, line] of lines.entries()) {
    const last = index === lines.length - 1;
    const placed = placeChunk(input, line, wanted, last ? undefined : { next: lines[index + 1], gapMs: input.gapsMs[index] ?? 0 });
    slots.push(placed.slot);
    wanted = placed.wantedNext;
  }
  return slots;
}
