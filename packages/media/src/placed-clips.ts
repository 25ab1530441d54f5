// The timeline as placed clips. Most lines are a clip of their own, laid after the one
// before with a pause. A line that overlaps another joins that line's clip instead, placed
// at an offset inside it with a gain:
//
//  - a reaction sits under its host line (the nearest line before it that is no reaction),
//    in a pause of it near the word it was written after (reaction-placement.ts), a few dB
//    lower (REACTION_GAIN_DB);
//  - a cut-in starts its overlap before the line before it ends, at full level.
//
// A placed clip is then one piece of the timeline: the mix of its lines (the first at 0,
// the others at their offsets), as long as the latest of them runs. The chunked master
// (assemble-episode.ts) takes placed clips where it took lines, so a chunk holds a line
// with everything mixed under it, a re-render of an edited reaction encodes that one chunk
// again, and the lines around it keep their times. A clip with one line is that line's
// clip unchanged, so a script without overlaps is mastered exactly as before. A line voiced
// at another rate than the first of its clip (a quote in another language, by a voice of
// that language) is resampled to it before it is mixed in; the episode's timeline then
// resamples the whole placed clip to its own rate as it does any clip (timeline-scan.ts).
//
// The pause before a placed clip is its first line's `pauseBeforeMs` (the caller's, e.g. a
// natural pause, script-timeline.ts); a line mixed into a clip has none.
import { createHash } from 'node:crypto';
import { clipAtRate } from './clip-at-rate.ts';
import { placeReaction } from './reaction-placement.ts';
import { RenderScriptError } from './render-script-error.ts';
import type { LinePlacement } from './script-timeline.ts';
import type { Pause } from './speech-pauses.ts';
import type { ClipSource } from './timeline-scan.ts';
import { loadClip } from './timeline-scan.ts';
import type { VoicedClip } from './voiced-clip.ts';

/** A reaction is mixed this much under the line it goes under. */
export const REACTION_GAIN_DB = -5;
/** A cut-in overlaps at most this share of the line before it. */
const MAX_CUT_IN_SHARE = 0.4;
/** Raise when a change here (the placing, the gains, the mix) makes a placed clip of several lines sound different: recorded ones are then made again. */
const PLACED_RECIPE_VERSION = 1;

export interface PlacedLine {
  speaker: string;
  clip: ClipSource;
  /** How it overlaps the line before it; left out, it follows it. */
  placement?: LinePlacement | undefined;
  /** The silence before it, when it starts a placed clip (the lead-in for the first); left out, the plan's. */
  pauseBeforeMs?: number | undefined;
  /** What its clip is made from (assemble-episode.ts), when known. */
  recipe?: string | undefined;
}

/** Where one line sits inside its placed clip. */
export interface MemberSpan {
  line: number;
  /** From the placed clip's first sample, at the placed clip's own rate (`sampleRate`). */
  offsetSamples: number;
  samples: number;
  /** The rate the clip was mixed at (its first line's): the rate of `offsetSamples` and `samples`. */
  sampleRate: number;
  gainDb: number;
}

export interface PlacedClip {
  /** The speaker of its first line (the pause before it follows that line's). */
  speaker: string;
  /** Its first line's index: the line the pause before it is the pause before. */
  firstLine: number;
  /** The silence before it: its first line's (left out: the plan's for its speaker). */
  pauseBeforeMs?: number | undefined;
  /** The lines it holds, in script order. */
  lines: number[];
  /** What it is made from: its line's recipe, or, of several lines, their recipes and placements; undefined when a line has none. */
  recipe: string | undefined;
  /** The mix, fetched (and mixed) anew each time, as the lines' clips are. */
  clip: () => Promise<VoicedClip>;
  /** Where each of its lines sits: known once the clip has been fetched. */
  spans(): MemberSpan[];
}

const amplitude = (db: number) => 10 ** (db / 20);

/** The placed clips of a script's lines, in order: a new one for every line that overlaps none before it. */
export function placeClips(lines: readonly PlacedLine[]): PlacedClip[] {
  const groups: number[][] = [];
  lines.forEach((line, index) => {
    const current = groups.at(-1);
    if (current && line.placement) current.push(index);
    else groups.push([index]);
  });
  return groups.map((members) => placedClip(lines, members));
}

function placedClip(lines: readonly PlacedLine[], members: number[]): PlacedClip {
  const first = members[0] as number;
  let spans: MemberSpan[] | undefined;
  const pauseBeforeMs = (lines[first] as PlacedLine).pauseBeforeMs;
  return {
    speaker: (lines[first] as PlacedLine).speaker,
    firstLine: first,
    ...(pauseBeforeMs !== undefined ? { pauseBeforeMs } : {}),
    lines: members,
    recipe: recipeOf(lines, members),
    spans: () => {
      if (!spans) throw new Error('A placed clip is laid out when it is first fetched');
      return spans;
    },
    clip: async () => {
      const read = await Promise.all(members.map((index) => loadClip((lines[index] as PlacedLine).clip)));
      read.forEach((clip, position) => {
        if (!(clip.samples instanceof Float32Array) || clip.samples.length === 0) throw new RenderScriptError(`Line ${(members[position] as number) + 1} has no audio`);
      });
      const { sampleRate } = read[0] as VoicedClip;
      if (members.length === 1) {
        spans = [{ line: first, offsetSamples: 0, samples: (read[0] as VoicedClip).samples.length, sampleRate, gainDb: 0 }];
        return read[0] as VoicedClip;
      }
      // Every line of the clip at its first line's rate: reactions sit in that line's pauses, counted in its samples.
      const clips = await Promise.all(read.map((clip) => clipAtRate(clip, sampleRate)));
      spans = layOut(lines, members, clips);
      return mix(clips, spans);
    },
  };
}

function recipeOf(lines: readonly PlacedLine[], members: readonly number[]): string | undefined {
  const held = members.map((index) => lines[index] as PlacedLine);
  if (held.some((line) => line.recipe === undefined)) return undefined;
  if (held.length === 1) return held[0]?.recipe;
  return createHash('sha256').update(JSON.stringify([PLACED_RECIPE_VERSION, held.map((line) => [line.recipe, line.placement ?? null])])).digest('hex');
}

/** Each member's offset and gain: the first at 0, reactions in pauses of their host line, cut-ins before the line before them ends. */
function layOut(lines: readonly PlacedLine[], members: readonly number[], clips: readonly VoicedClip[]): MemberSpan[] {
  const spans: MemberSpan[] = [];
  const taken = new Map<number, Pause[]>();
  let host = 0;
  members.forEach((line, position) => {
    const clip = clips[position] as VoicedClip;
    const placement = position === 0 ? undefined : (lines[line] as PlacedLine).placement;
    const hostSpan = spans[host];
    if (!placement || !hostSpan) {
      spans.push({ line, offsetSamples: 0, samples: clip.samples.length, sampleRate: clip.sampleRate, gainDb: 0 });
      return;
    }
    if (placement.kind === 'reaction') {
      const hostClip = clips[host] as VoicedClip;
      const spot = placeReaction(hostClip, placement.share, clip.samples.length, taken.get(host) ?? []);
      if (spot.pause) taken.set(host, [...(taken.get(host) ?? []), spot.pause]);
      spans.push({ line, offsetSamples: hostSpan.offsetSamples + spot.offsetSamples, samples: clip.samples.length, sampleRate: clip.sampleRate, gainDb: REACTION_GAIN_DB });
      return;
    }
    const overlap = Math.min(Math.round((placement.overlapMs * clip.sampleRate) / 1000), Math.floor(hostSpan.samples * MAX_CUT_IN_SHARE));
    spans.push({ line, offsetSamples: hostSpan.offsetSamples + hostSpan.samples - overlap, samples: clip.samples.length, sampleRate: clip.sampleRate, gainDb: 0 });
    host = position;
  });
  return spans;
}

/** The lines (at one rate) summed at their offsets and gains. */
function mix(clips: readonly VoicedClip[], spans: readonly MemberSpan[]): VoicedClip {
  const { sampleRate } = clips[0] as VoicedClip;
  const length = Math.max(...spans.map((span) => span.offsetSamples + span.samples));
  const samples = new Float32Array(length);
  spans.forEach((span, position) => {
    const source = (clips[position] as VoicedClip).samples;
    const gain = amplitude(span.gainDb);
    for (let at = 0; at < source.length; at += 1) samples[span.offsetSamples + at] = (samples[span.offsetSamples + at] as number) + (source[at] as number) * gain;
  });
  return { sampleRate, samples };
}
