// An episode's length: one of the presets, or a number of minutes (the API takes one or
// the other, never both). What the tier allows is shown and offered; the API has the last
// word (403 with an upgrade link, shown in words).
import { useState } from 'preact/hooks';
import { Choice } from './choice.tsx';

/** Short enough for a narrow select (the briefing form); the minutes are the presets' targets. */
export const PRESETS = [
  ['quick', 'Quick (3 min)'],
  ['standard', 'Standard (7 min)'],
  ['deep', 'Deep (15 min)'],
  ['extended', 'Extended (30 min)'],
] as const;
export type Preset = (typeof PRESETS)[number][0];

/** The interface's tier table: the presets and the longest `durationMinutes` each tier allows. */
const TIER_LENGTHS: Record<string, { presets: Preset[]; maxMinutes: number }> = {
  free: { presets: ['quick'], maxMinutes: 3 },
  creator: { presets: ['quick', 'standard', 'deep'], maxMinutes: 15 },
  professional: { presets: ['quick', 'standard', 'deep', 'extended'], maxMinutes: 30 },
  enterprise: { presets: ['quick', 'standard', 'deep', 'extended'], maxMinutes: 120 },
};

export type LengthChoice = { preset: Preset } | { durationMinutes: number };

/** The length a submitted form asks for. */
export function readLength(values: FormData): LengthChoice {
  return values.get('lengthKind') === 'minutes'
    ? { durationMinutes: Number(values.get('durationMinutes')) }
    : { preset: String(values.get('preset')) as Preset };
}

export function LengthFields({ tier }: { tier: string }) {
  const [kind, setKind] = useState<'preset' | 'minutes'>('preset');
  const { presets: allowed, maxMinutes } = TIER_LENGTHS[tier] ?? { presets: ['quick'], maxMinutes: 3 };
  return (
    <div class="length">
      <fieldset class="inline">
        <legend>Length</legend>
        <label><input type="radio" name="lengthKind" value="preset" checked={kind === 'preset'} onChange={() => setKind('preset')} /> A preset</label>
        <label><input type="radio" name="lengthKind" value="minutes" checked={kind === 'minutes'} onChange={() => setKind('minutes')} /> In minutes</label>
      </fieldset>
      {kind === 'preset' ? (
        <>
          <label for="preset">Preset</label>
          <Choice id="preset" initial={allowed.includes('standard') ? 'standard' : 'quick'} describedBy="length-hint"
            options={PRESETS.map(([value, label]) => [value, `${label}${allowed.includes(value) ? '' : ' (upgrade)'}`, !allowed.includes(value)] as const)} />
        </>
      ) : (
        <>
          <label for="durationMinutes">Minutes</label>
          <input id="durationMinutes" name="durationMinutes" type="number" inputMode="numeric" class="minutes" min={1} max={maxMinutes} step={1} required defaultValue={String(Math.min(5, maxMinutes))} aria-describedby="length-hint" />
        </>
      )}
      <p id="length-hint" class="hint">
        Your {tier} plan allows {allowed.length === 1 ? 'the preset' : 'the presets'} {allowed.join(', ')}, or 1 to {maxMinutes} minutes. A source too short for the length is read whole, never padded. <a href="/account#plans">Plans</a>
      </p>
    </div>
  );
}
