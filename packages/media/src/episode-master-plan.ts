// The mastering plan of a chunked episode, and when a re-render may keep the last one.
//
// Every chunk of an episode is encoded with the same filters (one gain, maybe the
// true-peak limiter), so a new plan means every chunk encodes again. After a small edit
// the timeline's loudness barely moves (one line of ~240 shifts it by hundredths of a
// LU), so the last plan is kept while it still delivers: its gain must put the new
// timeline within ±0.3 LU of the target, and its peaks must still stay under the
// ceiling (a limited plan holds them whatever they are; a gain-only plan whose gain
// would now push a peak over needs the limiter, so a fresh plan). ±0.3 LU is what the
// delivery promise of ±0.5 LU leaves after what the encoder and the limiter move on
// speech (measured ≤ 0.05 LU, docs/benchmarks.md), with room to spare.

import type { Mp3Format } from './encoder-gain.ts';
import type { LoudnessTarget } from './loudness.ts';
import type { LoudnessReading } from './loudness-meter.ts';
import { masteringFilters, planMastering, TRUE_PEAK_MARGIN_DB } from './mastering-plan.ts';
import type { MasteringPlan } from './mastering-plan.ts';

/** How far a kept plan may land from the target loudness, in LU. */
export const KEEP_PLAN_TOLERANCE_LU = 0.3;

/** A plan with what it was made for: JSON-safe, so it can be stored with the episode and handed back on the next render. */
export interface EpisodeMasterPlan extends MasteringPlan {
  /** The timeline's sample rate (the limiter runs at four times it). */
  sourceRate: number;
  format: Mp3Format;
  /** The encoder level change the gain makes up (encoder-gain.ts). */
  encoderGainDb: number;
  target: LoudnessTarget;
}

export interface PlanChoice {
  plan: EpisodeMasterPlan;
  /** 'fresh': no earlier plan; 'kept': the earlier plan still delivers; 'replanned': it does not (every chunk is encoded again). */
  decision: 'fresh' | 'kept' | 'replanned';
  /** Why the earlier plan was not kept. */
  reason?: string;
}

export interface PlanChoiceInput {
  measured: LoudnessReading;
  sourceRate: number;
  format: Mp3Format;
  encoderGainDb: number;
  target: LoudnessTarget;
  previous?: EpisodeMasterPlan | undefined;
  /** How far `previous` may land the timeline from the target to be kept (default KEEP_PLAN_TOLERANCE_LU). */
  keepWithinLu?: number | undefined;
}

/** Why `previous` cannot master this timeline, or undefined when it can. */
function cannotKeep(previous: EpisodeMasterPlan, input: PlanChoiceInput): string | undefined {
  const { measured, target } = input;
  if (previous.sourceRate !== input.sourceRate) return `the timeline is at ${input.sourceRate} Hz, the plan was for ${previous.sourceRate} Hz`;
  if (previous.format.sampleRate !== input.format.sampleRate || previous.format.bitrateKbps !== input.format.bitrateKbps) return 'the delivery format changed';
  if (previous.encoderGainDb !== input.encoderGainDb) return 'the encoder level changed';
  if (previous.target.integratedLufs !== target.integratedLufs || previous.target.truePeakDbtp !== target.truePeakDbtp) return 'the loudness target changed';
  const silent = !Number.isFinite(measured.integratedLufs);
  if (previous.normalization === 'none' || silent) return previous.normalization === 'none' && silent ? undefined : 'the timeline went from silence to sound or back';
  const lands = measured.integratedLufs + previous.gainDb;
  const tolerance = input.keepWithinLu ?? KEEP_PLAN_TOLERANCE_LU;
  if (Math.abs(lands - target.integratedLufs) > tolerance) {
    return `its gain would put the episode at ${lands.toFixed(2)} LUFS, more than ${tolerance} LU from ${target.integratedLufs}`;
  }
  const ceiling = target.truePeakDbtp - TRUE_PEAK_MARGIN_DB;
  if (previous.normalization === 'gain' && measured.truePeakDbtp + previous.gainDb > ceiling) {
    return `its gain would put a peak at ${(measured.truePeakDbtp + previous.gainDb).toFixed(2)} dBTP, over ${ceiling} without a limiter`;
  }
  return undefined;
}

export function chooseMasterPlan(input: PlanChoiceInput): PlanChoice {
  const { previous } = input;
  const reason = previous && cannotKeep(previous, input);
  if (previous && !reason) return { plan: previous, decision: 'kept' };
  const plan = planMastering({
    measured: input.measured,
    target: input.target,
    encoderGainDb: input.encoderGainDb,
    sourceRate: input.sourceRate,
    outputRate: input.format.sampleRate,
  });
  const fresh: EpisodeMasterPlan = { ...plan, sourceRate: input.sourceRate, format: { ...input.format }, encoderGainDb: input.encoderGainDb, target: { ...input.target } };
  return previous ? { plan: fresh, decision: 'replanned', ...(reason ? { reason } : {}) } : { plan: fresh, decision: 'fresh' };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * A plan read back from storage or the database, or undefined when it is not one this
 * code wrote (then a fresh plan is made). Its filters are made again from its numbers,
 * never taken from the stored text: what reaches ffmpeg is always built here.
 */
export function parseEpisodeMasterPlan(value: unknown): EpisodeMasterPlan | undefined {
  if (!isRecord(value)) return undefined;
  const { normalization, gainDb, sourceRate, format, encoderGainDb, target } = value;
  if (normalization !== 'gain' && normalization !== 'limited' && normalization !== 'none') return undefined;
  if (!isNumber(gainDb) || !isNumber(encoderGainDb) || !Number.isInteger(sourceRate) || (sourceRate as number) < 1000) return undefined;
  if (!isRecord(format) || !Number.isInteger(format.sampleRate) || !Number.isInteger(format.bitrateKbps)) return undefined;
  if (!isRecord(target) || !isNumber(target.integratedLufs) || !isNumber(target.truePeakDbtp)) return undefined;
  const context = {
    sourceRate: sourceRate as number,
    format: { sampleRate: format.sampleRate as number, bitrateKbps: format.bitrateKbps as number },
    encoderGainDb,
    target: { integratedLufs: target.integratedLufs, truePeakDbtp: target.truePeakDbtp },
  };
  try {
    const filters = masteringFilters(normalization, gainDb, { ...context, outputRate: context.format.sampleRate });
    return { normalization, gainDb, filters, ...context };
  } catch {
    return undefined;
  }
}
