// An episode's length: one of the presets, or a number of minutes (the API takes one or
// the other, never both). What the tier allows comes from the API's price list (each
// tier's limits, as enforced) and is shown and offered; the API has the last word (403
// with an upgrade link, shown in words).
import { useState } from 'preact/hooks';
import { ok } from '../api/errors.ts';
import { publicApi } from '../api/session.ts';
import { useResource } from '../hooks.ts';
import { Choice } from './choice.tsx';
import { ErrorNotice, Loading } from './notice.tsx';

/** Short enough for a narrow select (the briefing form); the minutes are the presets' targets. */
export const PRESETS = [
  ['quick', 'Quick (3 min)'],
  ['standard', 'Standard (7 min)'],
  ['deep', 'Deep (15 min)'],
  ['extended', 'Extended (30 min)'],
] as const;
export type Preset = (typeof PRESETS)[number][0];

export type LengthChoice = { preset: Preset } | { durationMinutes: number } | Record<never, never>;

/** The length a submitted form asks for; nothing (the API's default) while the plan's lengths load. */
export function readLength(values: FormData): LengthChoice {
  switch (values.get('lengthKind')) {
    case 'minutes': return { durationMinutes: Number(values.get('durationMinutes')) };
    case 'preset': return { preset: String(values.get('preset')) as Preset };
    default: return {};
  }
}

export function LengthFields({ tier }: { tier: string }) {
  const [kind, setKind] = useState<'preset' | 'minutes'>('preset');
  const limits = useResource(async () => ok(await publicApi.GET('/api/billing/pricing')).pricing.find((plan) => plan.tier === tier)?.limits, [tier]);
  if (!limits.data) {
    return (
      <div class="length">
        {limits.loading && <Loading what="your plan's lengths" />}
        <ErrorNotice error={limits.error} />
      </div>
    );
  }
  const { presets: allowed, maxDurationMinutes: maxMinutes } = limits.data;
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
