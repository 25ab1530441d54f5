// Makes one block of the mix plan (mix-plan.ts) into the samples its chunk is mastered
// from, at the timeline's rate, deterministically (a block made twice is the same bytes:
// assemble-episode.ts checks it). Levels are in dB against the loudness of the voices
// they go with: a part against its section's voices, a bed against those it lies under.
//
// A "line" here is a placed clip (placed-clips.ts: a line with the reactions and cut-ins
// mixed into it), as the plan lays them out.
//
//  - a line: the voiced clip as it is;
//  - a part (intro, outro, sting): the part at its level;
//  - a bed: the section's lines at their pauses, with the bed looped under them (an
//    equal-power crossfade at each loop), ducked by the voices' envelope
//    (bed-ducking.ts), faded in before the first line and out after the last.
import type { ShowLevels } from '@castwright/core/shows/show-options';
import { LoudnessMeter } from '../loudness-meter.ts';
import type { VoicedClip } from '../voiced-clip.ts';
import { duckingCurve, type DuckingCurve } from './bed-ducking.ts';
import type { MixBlock } from './mix-plan.ts';

/** A part decoded at the timeline's rate, with its loudness. */
export interface PartAudio {
  samples: Float32Array;
  loudnessLufs: number;
}

export interface BlockSources {
  sampleRate: number;
  levels: ShowLevels;
  /** The plan's line `line` (a placed clip) at `sampleRate`. */
  clip(line: number): Promise<VoicedClip>;
  part(kind: 'intro' | 'outro' | 'sting' | 'bed'): Promise<PartAudio>;
  /** The loudness of a section's voices (integrated, LUFS). */
  reference(section: number): Promise<number>;
}

export interface RenderedBlock {
  clip: VoicedClip;
  /** Where each of its lines is in it, in samples. */
  placements: { start: number; end: number }[];
}

/** Voices this quiet (or silent) are mixed against this loudness instead: a typical speech level. */
const FALLBACK_REFERENCE_LUFS = -23;
/** Speech is where the voices' peak passes this far under their loudness. */
const SPEECH_THRESHOLD_DB = -30;
/** The longest crossfade at a loop of the bed. */
const LOOP_CROSSFADE_MS = 60;

const fromDb = (db: number) => 10 ** (db / 20);
const toSamples = (ms: number, rate: number) => Math.round((ms * rate) / 1000);

/** Integrated loudness of `samples` (no true peak: not needed here). */
export function loudnessOf(samples: Float32Array, sampleRate: number): number {
  const meter = new LoudnessMeter(sampleRate, { truePeak: false });
  meter.push(samples);
  return meter.reading().integratedLufs;
}

function usableReference(lufs: number): number {
  return Number.isFinite(lufs) ? lufs : FALLBACK_REFERENCE_LUFS;
}

/** The gain that brings audio at `lufs` to `reference + levelDb`. */
function gainFor(lufs: number, reference: number, levelDb: number): number {
  return Number.isFinite(lufs) ? fromDb(reference + levelDb - lufs) : 1;
}

/** Lines laid out at their pauses after `leadSamples` of silence, with `tailSamples` after the last. */
async function layLines(sources: Pick<BlockSources, 'clip' | 'sampleRate'>, from: number, to: number, gapsMs: readonly number[], leadSamples: number, tailSamples: number) {
  const clips: VoicedClip[] = [];
  for (let line = from; line < to; line++) clips.push(await sources.clip(line));
  const placements: { start: number; end: number }[] = [];
  let cursor = leadSamples;
  clips.forEach((clip, index) => {
    if (index > 0) cursor += toSamples(gapsMs[index - 1] ?? 0, sources.sampleRate);
    placements.push({ start: cursor, end: cursor + clip.samples.length });
    cursor += clip.samples.length;
  });
  const track = new Float32Array(cursor + tailSamples);
  clips.forEach((clip, index) => track.set(clip.samples, (placements[index] as { start: number }).start));
  return { track, placements };
}

export async function renderBlock(block: MixBlock, sources: BlockSources): Promise<RenderedBlock> {
  const rate = sources.sampleRate;
  if (block.kind === 'line') {
    const clip = await sources.clip(block.line);
    return { clip, placements: [{ start: 0, end: clip.samples.length }] };
  }
  if (block.kind === 'part') {
    const [part, reference] = [await sources.part(block.part), usableReference(await sources.reference(block.section))];
    const gain = gainFor(part.loudnessLufs, reference, sources.levels.partsDb);
    return { clip: { sampleRate: rate, samples: part.samples.map((sample) => sample * gain) }, placements: [] };
  }
  const lead = toSamples(block.leadMs, rate);
  const { track, placements } = await layLines(sources, block.from, block.to, block.gapsMs, lead, toSamples(block.tailMs, rate));
  const [bed, reference] = [await sources.part('bed'), usableReference(await sources.reference(block.section))];
  const { levels } = sources;
  const base = Number.isFinite(bed.loudnessLufs) ? reference - bed.loudnessLufs : 0;
  const curve = duckingCurve(track, {
    sampleRate: rate,
    speechGainDb: base + levels.bedSpeechDb,
    gapGainDb: base + levels.bedGapDb,
    attackMs: levels.duckAttackMs,
    releaseMs: levels.duckReleaseMs,
    threshold: fromDb(reference + SPEECH_THRESHOLD_DB),
  });
  mixLoopedBed(track, bed.samples, curve, { fadeIn: toSamples(block.fadeInMs, rate), fadeOut: toSamples(block.fadeOutMs, rate), crossfade: toSamples(LOOP_CROSSFADE_MS, rate) });
  return { clip: { sampleRate: rate, samples: track }, placements };
}

/** Raised-cosine fade-in over the first `fadeIn` samples and fade-out over the last `fadeOut` (1 elsewhere). */
function edgeFade(at: number, length: number, fadeIn: number, fadeOut: number): number {
  const rise = fadeIn > 0 && at < fadeIn ? 0.5 - 0.5 * Math.cos((Math.PI * (at + 0.5)) / fadeIn) : 1;
  const left = length - at;
  const fall = fadeOut > 0 && left <= fadeOut ? 0.5 - 0.5 * Math.cos((Math.PI * (left - 0.5)) / fadeOut) : 1;
  return rise * fall;
}

/**
 * Adds the bed, looped, into `track` at the curve's gain, faded in and out at the track's
 * edges. Each repetition after the first starts `crossfade` samples early, over the end of
 * the one before, with an equal-power crossfade, so a bed that does not end where it starts
 * loops without a click. One pass, one control step at a time (the gain moves linearly
 * within a step; `gainAt` gives the same values).
 */
function mixLoopedBed(track: Float32Array, bed: Float32Array, curve: DuckingCurve, edges: { fadeIn: number; fadeOut: number; crossfade: number }): void {
  if (bed.length === 0) return;
  const overlap = Math.min(edges.crossfade, Math.floor(bed.length / 4));
  const period = bed.length - overlap;
  const { hop, gains } = curve;
  let offset = 0;
  let repeated = false;
  for (let start = 0; start < track.length; start += hop) {
    const end = Math.min(track.length, start + hop);
    const from = gains[start / hop] as number;
    const slope = ((gains[start / hop + 1] ?? from) - from) / hop;
    const fading = start < edges.fadeIn || end > track.length - edges.fadeOut;
    for (let at = start; at < end; at++) {
      let sample = bed[offset] as number;
      if (repeated && offset < overlap) {
        const angle = (Math.PI / 2) * ((offset + 0.5) / overlap);
        sample = sample * Math.sin(angle) + (bed[period + offset] as number) * Math.cos(angle);
      }
      const gain = from + slope * (at - start);
      track[at] = (track[at] as number) + sample * (fading ? gain * edgeFade(at, track.length, edges.fadeIn, edges.fadeOut) : gain);
      if (++offset === period) {
        offset = 0;
        repeated = true;
      }
    }
  }
}
