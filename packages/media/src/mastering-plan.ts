// What the one encoding pass does to an episode, decided from its measured loudness:
// one constant gain to the target loudness and, only when that gain would push the
// true peak over the ceiling, a true-peak limiter. Pure arithmetic and ffmpeg filter
// strings, so every branch is testable without audio.

import type { LoudnessTarget } from './loudness.ts';
import type { LoudnessReading } from './loudness-meter.ts';

/**
 * How far under the target the peaks are aimed. Between the timeline and the listener's
 * decoder the peaks move: resampling to 44.1 kHz, the limiter's own resampling back
 * down, and the MP3's coding noise. Measured with ffmpeg's ebur128 on the MP3, speech
 * (the offline voice, 1 to 30 minutes) comes out 0.05–0.25 dB above the ceiling, so
 * 0.5 dB keeps it under the target. Noise-like audio gains more in the encoder (pink
 * noise ~0.7 dB, white noise ~2 dB at 96 kbps): the promise is made for speech.
 */
export const TRUE_PEAK_MARGIN_DB = 0.5;

/** The limiter's look-ahead: long enough to turn the gain down smoothly before a peak, short enough not to duck the syllable before it. */
const LIMITER_ATTACK_MS = 5;
/** How fast the limiter lets go after a peak: slow enough that the gain does not follow the waveform (distortion). */
const LIMITER_RELEASE_MS = 50;
/** ffmpeg's alimiter ceiling range, linear. */
const LIMITER_MIN_CEILING = 0.0625;

export interface MasteringPlan {
  /** 'gain': one constant gain; 'limited': that gain and the true-peak limiter; 'none': silence, encoded as it is. */
  normalization: 'gain' | 'limited' | 'none';
  /** Loudness gain in dB (what the listener hears change), without the encoder make-up. */
  gainDb: number;
  /** The ffmpeg audio filters, in order, ending at the delivery sample rate. */
  filters: string[];
}

export interface PlanInput {
  measured: LoudnessReading;
  target: LoudnessTarget;
  /** The encoder's own level change (dB, negative when the MP3 comes out quieter); made up before it. */
  encoderGainDb: number;
  /** Sample rate of the audio going in (the timeline's). */
  sourceRate: number;
  /** MP3 sample rate. */
  outputRate: number;
}

export function planMastering({ measured, target, encoderGainDb, sourceRate, outputRate }: PlanInput): MasteringPlan {
  const context = { target, encoderGainDb, sourceRate, outputRate };
  // Silence (nothing above the absolute gate) has no loudness to normalise.
  if (!Number.isFinite(measured.integratedLufs)) return { normalization: 'none', gainDb: 0, filters: masteringFilters('none', 0, context) };
  const gainDb = target.integratedLufs - measured.integratedLufs;
  const ceilingDbtp = target.truePeakDbtp - TRUE_PEAK_MARGIN_DB;
  const normalization = measured.truePeakDbtp + gainDb <= ceilingDbtp ? 'gain' : 'limited';
  return { normalization, gainDb, filters: masteringFilters(normalization, gainDb, context) };
}

/** The ffmpeg filters that carry out a plan: its gain (with the encoder make-up), the limiter when it has one, resampling. */
export function masteringFilters(normalization: MasteringPlan['normalization'], gainDb: number, context: Omit<PlanInput, 'measured'>): string[] {
  const { target, encoderGainDb, sourceRate, outputRate } = context;
  const resample = `aresample=${outputRate}`;
  if (normalization === 'none') return [resample];
  const makeupDb = -encoderGainDb;
  const volume = `volume=${(gainDb + makeupDb).toFixed(2)}dB`;
  if (normalization === 'gain') return [volume, resample];

  // ffmpeg's alimiter is a look-ahead limiter on sample values. Run at four times the
  // timeline's rate, its samples are the 4× oversampled signal a true-peak meter reads,
  // so holding them under the ceiling holds the true peak there. The encoder scales
  // after it, so the ceiling is raised by the make-up and lands where it should.
  const ceilingDbtp = target.truePeakDbtp - TRUE_PEAK_MARGIN_DB;
  const ceiling = 10 ** ((ceilingDbtp + makeupDb) / 20);
  if (!(ceiling >= LIMITER_MIN_CEILING && ceiling <= 1)) throw new RangeError(`A true-peak target of ${target.truePeakDbtp} dBTP is outside what the limiter can hold`);
  const oversampledRate = 4 * sourceRate;
  // alimiter delays its output by its look-ahead less one sample and drops that much from
  // the end (later ffmpeg builds can compensate with `latency=1`; the bundled one cannot):
  // pad the end and cut the start by that much, so every sample stays where the segment
  // times say it is (master-mp3.test.ts checks it on the build in use).
  const delay = Math.trunc(oversampledRate * (LIMITER_ATTACK_MS / 1000)) - 1;
  return [
    volume,
    `aresample=${oversampledRate}`,
    `apad=pad_len=${delay}`,
    `alimiter=limit=${ceiling.toFixed(5)}:attack=${LIMITER_ATTACK_MS}:release=${LIMITER_RELEASE_MS}:level=0`,
    `atrim=start_sample=${delay}`,
    'asetpts=PTS-STARTPTS',
    resample,
  ];
}
