// An episode's length: asked for in minutes (`durationMinutes`) or by a preset, never
// both. A length in minutes also gets a preset, the shortest at least as long (extended
// beyond thirty minutes), so every episode keeps one and the presets keep their meaning;
// the tier's maximum bounds the minutes as its preset list bounds the presets, and the
// two agree (free 3 = quick, creator 15 = deep, professional 30 = extended). Either way
// the episode counts once against the monthly quota.
//
// The length note tells the listener when the audio is not the length asked for, worked
// out when it is read, from what is stored: the rendered audio's own duration, and (from
// the script stage) how much the source holds when it holds too little. So the note is
// always true to the audio that is published.
import { AppError } from './errors.ts';
import { PRESET_MINUTES, PRESETS, TIER_LIMITS, UPGRADE_PATH, type Preset, type Tier } from './tiers.ts';

/** How far from its target an episode may land: ±15 %. */
export const LENGTH_TOLERANCE = 0.15;

export interface EpisodeLength {
  preset: Preset;
  /** The minutes asked for; undefined when the length is the preset's. */
  durationMinutes?: number | undefined;
}

/** The shortest preset at least `minutes` long; extended for anything longer. */
function presetForMinutes(minutes: number): Preset {
  return PRESETS.find((preset) => PRESET_MINUTES[preset] >= minutes) ?? 'extended';
}

/**
 * The length a request asks for: its minutes (400 with a preset too), else its preset,
 * else `fallback` (the interface's default preset).
 */
export function requestedLength(choice: { preset?: Preset | undefined; durationMinutes?: number | undefined }, fallback: Preset): EpisodeLength {
  if (choice.durationMinutes !== undefined) {
    if (choice.preset !== undefined) throw AppError.validation('Give either preset or durationMinutes, not both');
    return { preset: presetForMinutes(choice.durationMinutes), durationMinutes: choice.durationMinutes };
  }
  return { preset: choice.preset ?? fallback };
}

/** Minutes of audio an episode is planned for. */
export function targetMinutes(length: { preset: Preset; durationMinutes?: number | null | undefined }): number {
  return length.durationMinutes ?? PRESET_MINUTES[length.preset];
}

/** 403 `Duration not allowed` when `minutes` is beyond the tier's maximum, with the upgrade hint. */
export function checkDurationAllowed(tier: Tier, minutes: number): void {
  const { maxDurationMinutes } = TIER_LIMITS[tier];
  if (minutes <= maxDurationMinutes) return;
  throw new AppError('durationNotAllowed', `Episodes on the ${tier} tier may be up to ${maxDurationMinutes} minutes long; ${minutes} were asked for`, {
    extras: { tier, maxDurationMinutes, upgrade: { message: 'Upgrade for longer episodes', url: UPGRADE_PATH } },
  });
}

export interface LengthFacts {
  targetMinutes: number;
  /** The rendered audio's duration; null until it is rendered. */
  audioMs: number | null;
  /** How long the whole source runs read out, when that is short of the target; null when it holds enough. */
  sourceLimitMs: number | null;
  /** Sources the length could not hold (each as a listener knows it: "source 2, “City budget”"). */
  leftOut?: readonly string[] | undefined;
  /** How many sources the episode is made from (the note says "its sources" for more than one). */
  sources?: number | undefined;
}

/**
 * A sentence for the listener when the episode is not the length asked for, and why;
 * null when it is (within ±15 %), or when nothing is known yet. Before the audio exists
 * it can only say what the source holds.
 */
export function lengthNote(facts: LengthFacts): string | null {
  const note = audioLengthNote(facts);
  if (!facts.leftOut || facts.leftOut.length === 0) return note;
  const leftOut = `The length could not hold every source: ${new Intl.ListFormat('en', { type: 'conjunction' }).format(facts.leftOut)} ${facts.leftOut.length === 1 ? 'is' : 'are'} left out.`;
  return note ? `${note} ${leftOut}` : leftOut;
}

function audioLengthNote(facts: LengthFacts): string | null {
  const targetMs = facts.targetMinutes * 60_000;
  const asked = `the ${facts.targetMinutes} ${facts.targetMinutes === 1 ? 'minute' : 'minutes'} asked for`;
  if (facts.audioMs === null) {
    if (facts.sourceLimitMs === null) return null;
    return `The ${(facts.sources ?? 1) > 1 ? 'sources hold' : 'source holds'} about ${durationInWords(facts.sourceLimitMs)} of material, less than ${asked}: the episode will be shorter rather than padded with repetition.`;
  }
  const runs = `This episode runs ${durationInWords(facts.audioMs)}`;
  if (facts.audioMs > targetMs * (1 + LENGTH_TOLERANCE)) return `${runs}, longer than ${asked}.`;
  if (facts.audioMs >= targetMs * (1 - LENGTH_TOLERANCE)) return null;
  return facts.sourceLimitMs !== null
    ? `${runs}, shorter than ${asked}: its ${(facts.sources ?? 1) > 1 ? 'sources hold' : 'source holds'} no more material, and an episode is never padded with repetition.`
    : `${runs}, shorter than ${asked}: the script came out shorter than planned.`;
}

/** "4 minutes 12 seconds", "1 minute", "45 seconds". */
export function durationInWords(ms: number): string {
  const total = Math.max(1, Math.round(ms / 1000));
  const [minutes, seconds] = [Math.floor(total / 60), total % 60];
  const part = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (minutes === 0) return part(seconds, 'second');
  return seconds === 0 ? part(minutes, 'minute') : `${part(minutes, 'minute')} ${part(seconds, 'second')}`;
}
