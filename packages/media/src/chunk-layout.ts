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

export function layoutChunks(input: LayoutInput): ChunkSlot[] {
  const { lines, timing } = input;
  const ratio = input.outputRate / input.sourceRate;
  const { delaySamples: delay, frameSamples: frame, overheadSamples: overhead } = timing;
  const toOutput = (ms: number) => (ms * input.outputRate) / 1000;
  const candidates = (line: LayoutLine | undefined) => (line && input.reusable?.get(line.content)) ?? [];
  /** Among `line`'s earlier chunks, the one that `miss` puts closest, if within half a frame. */
  const best = (line: LayoutLine | undefined, miss: (candidate: ReusableChunk) => number) => {
    let found: ReusableChunk | undefined;
    for (const candidate of candidates(line)) if (!found || miss(candidate) < miss(found)) found = candidate;
    return found && miss(found) <= frame / 2 ? found : undefined;
  };

  const slots: ChunkSlot[] = [];
  // Output samples of silence wanted before the next clip, inside its chunk. The first
  // line's clip starts after the encoder's delay, which counts towards the lead-in.
  let want = toOutput(input.leadInMs) - delay;
  for (const [index, line] of lines.entries()) {
    const last = index === lines.length - 1;
    const wanted = want;
    const reuse = best(line, (candidate) => Math.abs(candidate.leadSamples * ratio - wanted));
    const leadSamples = reuse ? reuse.leadSamples : Math.max(0, Math.round(want / ratio));
    const contentEnd = (leadSamples + line.clipSamples) * ratio;
    const shortest = Math.ceil((contentEnd + TAIL_MARGIN_SAMPLES) / frame) * frame;
    const wholeFrames = (samples: number, round: (x: number) => number) => Math.max(shortest, round(samples / frame) * frame);
    let outputSamples: number;
    if (reuse) {
      outputSamples = reuse.outputSamples;
    } else if (last) {
      // The file ends `overhead` after the chunk's input, and the clip sits `delay` into it.
      outputSamples = wholeFrames(toOutput(input.leadOutMs) + delay + contentEnd - overhead, Math.round);
    } else {
      // Samples of tail that would leave no lead for the next line.
      const room = toOutput(input.gapsMs[index] ?? 0) + contentEnd - overhead;
      const meeting = (candidate: ReusableChunk) => wholeFrames(room - candidate.leadSamples * ratio, Math.round);
      // Meet the next line's earlier chunk where one fits (its lead is fixed); else leave it under a frame of lead.
      const partner = best(lines[index + 1], (candidate) => Math.abs(candidate.leadSamples * ratio - (room - meeting(candidate))));
      outputSamples = partner ? meeting(partner) : wholeFrames(room, Math.floor);
    }
    slots.push({ leadSamples, outputSamples, reuse });
    if (!last) want = toOutput(input.gapsMs[index] ?? 0) - (outputSamples + overhead - contentEnd);
  }
  return slots;
}
