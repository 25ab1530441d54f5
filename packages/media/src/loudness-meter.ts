// Integrated loudness (ITU-R BS.1770-4, as EBU R128 uses it) and true peak of a mono
// stream, measured as the samples go by so the renderer can meter the timeline while
// it writes it: no second read of the episode, and memory that does not grow with its
// length.
//
// Loudness: K-weighted mean square over 400 ms blocks that overlap by 75 % (one every
// 100 ms), blocks at or below -70 LUFS dropped (absolute gate), then blocks more than
// 10 LU below the loudness of those remaining dropped (relative gate); the integrated
// loudness is the mean of what is left. The relative gate depends on every block, so
// the blocks are kept in a histogram of 0.01 LU bins (each with its count and the sum of
// its blocks' mean squares) instead of a list: -70 to +30 LUFS in a fixed 160 KB.
//
// A meter's blocks can also be kept as a summary (their counts per 0.1 LU, and the true
// peak: small enough to store with an episode's chunks) and summaries added up into one
// reading (combinedReading): the timeline of a chunked episode is metered chunk by chunk
// (timeline-scan.ts), so a chunk the next render keeps needs no metering again. The
// blocks that would straddle two chunks are not counted (a join is in a pause, so they
// are quiet ones), and a summary's blocks count at their bin's middle: together under
// 0.05 LU on speech (tested against the whole timeline metered at once).

import { KWeighting } from './k-weighting.ts';
import { TruePeakMeter } from './true-peak.ts';

/** A mono stream's loudness; -Infinity when nothing rises above the absolute gate (silence). */
export interface LoudnessReading {
  integratedLufs: number;
  /** True peak in dBTP (dB relative to full scale, 4× oversampled). */
  truePeakDbtp: number;
}

/** A meter's gating blocks and true peak, kept to be added to others' (plain JSON). */
export interface LoudnessSummary {
  /** The first bin with a block: bins are 0.1 LU wide, from the absolute gate up. */
  from: number;
  /** Blocks per bin, from `from` to the last bin with one. */
  counts: number[];
  /** True peak, linear (1 = full scale; 0 for a meter without one). */
  peak: number;
}

const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;
/** Blocks louder than this land in the top bin; a timeline of floats can exceed 0 dBFS, not by 30 dB. */
const HISTOGRAM_TOP_LUFS = 30;
const BINS_PER_LU = 100;
const BINS = (HISTOGRAM_TOP_LUFS - ABSOLUTE_GATE_LUFS) * BINS_PER_LU;
/** BS.1770's offset between mean square and LUFS (it makes a 997 Hz sine at 0 dBFS read -3.01 LUFS). */
const LOUDNESS_OFFSET = -0.691;

const toLufs = (meanSquare: number) => LOUDNESS_OFFSET + 10 * Math.log10(meanSquare);
/** A summary's bins are this many of the meter's. */
const FINE_BINS_PER_SUMMARY_BIN = 10;
const SUMMARY_BINS = BINS / FINE_BINS_PER_SUMMARY_BIN;
const SUMMARY_BIN_LU = FINE_BINS_PER_SUMMARY_BIN / BINS_PER_LU;
const SILENCE_CHUNK = new Float32Array(4096);

export class LoudnessMeter {
  readonly sampleRate: number;
  private readonly weighting: KWeighting;
  /** Undefined when only the loudness is wanted (the true peak costs a 4× oversampling). */
  private readonly peaks: TruePeakMeter | undefined;
  /** Samples per 100 ms step; a gating block is four steps. */
  private readonly step: number;
  private stepFill = 0;
  private stepSum = 0;
  /** Σ of K-weighted squares of the last four steps (ring). */
  private readonly recentSteps = new Float64Array(4);
  private stepsDone = 0;
  private readonly binCounts = new Float64Array(BINS);
  private readonly binSums = new Float64Array(BINS);
  private gatedBlocks = 0;
  private gatedSum = 0;
  private finished = false;

  constructor(sampleRate: number, options: { truePeak?: boolean } = {}) {
    if (!(sampleRate >= 1000)) throw new RangeError(`Cannot meter audio at ${sampleRate} Hz`);
    this.sampleRate = sampleRate;
    this.peaks = options.truePeak === false ? undefined : new TruePeakMeter();
    this.weighting = new KWeighting(sampleRate);
    this.step = Math.round(sampleRate / 10);
  }

  push(samples: Float32Array): void {
    if (this.finished) throw new Error('The loudness meter has already given its reading');
    this.peaks?.push(samples);
    for (let at = 0; at < samples.length; ) {
      const take = Math.min(samples.length - at, this.step - this.stepFill);
      this.stepSum += this.weighting.sumOfSquares(samples, at, at + take);
      this.stepFill += take;
      at += take;
      if (this.stepFill === this.step) this.endStep();
    }
  }

  pushSilence(frames: number): void {
    for (let left = frames; left > 0; left -= SILENCE_CHUNK.length) this.push(left >= SILENCE_CHUNK.length ? SILENCE_CHUNK : SILENCE_CHUNK.subarray(0, left));
  }

  /** The reading for everything pushed; a partial last step (under 100 ms) belongs to no block, as in BS.1770. */
  reading(): LoudnessReading {
    if (!this.finished) {
      // The interpolator's output lags its input by half its length: let the last samples through.
      this.peaks?.push(new Float32Array(16));
      this.finished = true;
    }
    return this.readingSoFar();
  }

  /**
   * The reading so far, while more is still to come (a timeline metered as it grows, for
   * a live stream): the same gating, but the true peak leaves out the last few samples,
   * which the interpolator has not let through yet (they count once more is pushed).
   */
  readingSoFar(): LoudnessReading {
    const truePeakDbtp = this.peaks ? 20 * Math.log10(this.peaks.truePeak) : Number.NaN;
    if (this.gatedBlocks === 0) return { integratedLufs: -Infinity, truePeakDbtp };
    const relativeGate = toLufs(this.gatedSum / this.gatedBlocks) + RELATIVE_GATE_LU;
    let count = 0;
    let sum = 0;
    // The bin holding the relative gate counts as above it: at 0.01 LU, which way it goes moves the result by far less than it can show.
    for (let bin = Math.max(0, binOf(relativeGate)); bin < BINS; bin++) {
      count += this.binCounts[bin] as number;
      sum += this.binSums[bin] as number;
    }
    return { integratedLufs: toLufs(sum / count), truePeakDbtp };
  }

  /** Its blocks and true peak as a summary (gives its reading first, so nothing more can be pushed). */
  summary(): LoudnessSummary {
    this.reading();
    const peak = this.peaks?.truePeak ?? 0;
    const counts = new Array<number>(SUMMARY_BINS).fill(0);
    this.binCounts.forEach((count, bin) => {
      const coarse = Math.floor(bin / FINE_BINS_PER_SUMMARY_BIN);
      if (count > 0) counts[coarse] = (counts[coarse] as number) + count;
    });
    const from = counts.findIndex((count) => count > 0);
    if (from < 0) return { from: 0, counts: [], peak };
    return { from, counts: counts.slice(from, counts.findLastIndex((count) => count > 0) + 1), peak };
  }

  private endStep(): void {
    this.recentSteps[this.stepsDone % 4] = this.stepSum;
    this.stepsDone++;
    this.stepSum = 0;
    this.stepFill = 0;
    if (this.stepsDone < 4) return;
    const steps = this.recentSteps;
    const meanSquare = ((steps[0] as number) + (steps[1] as number) + (steps[2] as number) + (steps[3] as number)) / (4 * this.step);
    const loudness = toLufs(meanSquare);
    if (!(loudness > ABSOLUTE_GATE_LUFS)) return;
    const bin = Math.min(BINS - 1, binOf(loudness));
    this.binCounts[bin] = (this.binCounts[bin] as number) + 1;
    this.binSums[bin] = (this.binSums[bin] as number) + meanSquare;
    this.gatedBlocks++;
    this.gatedSum += meanSquare;
  }
}

function binOf(lufs: number): number {
  return Math.floor((lufs - ABSOLUTE_GATE_LUFS) * BINS_PER_LU);
}

/**
 * The reading of summaries' blocks together, as one meter would give it: the same gates,
 * each block at its bin's middle, and the bin the relative gate falls in counted for the
 * part of it above the gate.
 */
export function combinedReading(summaries: readonly LoudnessSummary[]): LoudnessReading {
  const counts = new Float64Array(SUMMARY_BINS);
  let peak = 0;
  for (const summary of summaries) {
    summary.counts.forEach((count, offset) => {
      counts[summary.from + offset] = (counts[summary.from + offset] as number) + count;
    });
    peak = Math.max(peak, summary.peak);
  }
  const truePeakDbtp = 20 * Math.log10(peak);
  const meanSquareOf = (bin: number) => 10 ** ((ABSOLUTE_GATE_LUFS + (bin + 0.5) * SUMMARY_BIN_LU - LOUDNESS_OFFSET) / 10);
  let blocks = 0;
  let sum = 0;
  counts.forEach((count, bin) => {
    blocks += count;
    sum += count * meanSquareOf(bin);
  });
  if (blocks === 0) return { integratedLufs: -Infinity, truePeakDbtp };
  const gateBin = (toLufs(sum / blocks) + RELATIVE_GATE_LU - ABSOLUTE_GATE_LUFS) / SUMMARY_BIN_LU;
  let gatedBlocks = 0;
  let gatedSum = 0;
  counts.forEach((count, bin) => {
    const above = Math.min(1, Math.max(0, bin + 1 - gateBin));
    gatedBlocks += count * above;
    gatedSum += count * above * meanSquareOf(bin);
  });
  return { integratedLufs: toLufs(gatedSum / gatedBlocks), truePeakDbtp };
}

/** Whether `value` is a summary this code wrote (read back from storage). */
export function isLoudnessSummary(value: unknown): value is LoudnessSummary {
  if (typeof value !== 'object' || value === null) return false;
  const { from, counts, peak } = value as Record<string, unknown>;
  return Number.isInteger(from) && (from as number) >= 0 && Array.isArray(counts) && (from as number) + counts.length <= SUMMARY_BINS
    && counts.every((count) => Number.isSafeInteger(count) && count >= 0) && typeof peak === 'number' && Number.isFinite(peak) && peak >= 0;
}
