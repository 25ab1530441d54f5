// Where a reaction starts under the line it reacts to: in a pause of that line (found in
// its envelope, speech-pauses.ts), so it never lands on a word. It starts a little into the
// pause, and at least ONSET_CLEARANCE_MS before the voice comes back, so no word of the
// line begins within 150 ms of it (the clearance keeps a margin for the envelope's 10 ms
// frames and soft consonants); of the pauses long enough for that, the one nearest the
// word it was written after (its share of the line) wins, among those not taken by another
// reaction and where it ends at most TAIL_MS after the line. A line with no such pause
// has the reaction after it, touching its end: never on top of it.
import { findPauses, type Pause } from './speech-pauses.ts';
import type { VoicedClip } from './voiced-clip.ts';

/**
 * The reaction starts at least this long after the pause is found to begin: the word
 * before it began earlier still by its own length (and the envelope finds a pause only once
 * the word's sound has died away).
 */
const AFTER_PAUSE_START_MS = 40;
/** …and at least this long before the voice comes back. */
const ONSET_CLEARANCE_MS = 200;
/** A reaction ends at most this long after the line it goes under. */
const TAIL_MS = 1000;

export interface ReactionSpot {
  /** Where the reaction starts, counted from the line's first sample. */
  offsetSamples: number;
  /** Inside the line (in one of its pauses), or after it. */
  inside: boolean;
  /** The pause it sits in (so another reaction takes another). */
  pause?: Pause;
}

/**
 * The spot for a reaction `reactionSamples` long under `host`, nearest `share` (0 to 1) of
 * the host's length; `taken`: pauses other reactions sit in.
 */
export function placeReaction(host: VoicedClip, share: number, reactionSamples: number, taken: readonly Pause[] = []): ReactionSpot {
  const rate = host.sampleRate;
  const ms = (value: number) => Math.round((value * rate) / 1000);
  const length = host.samples.length;
  const wanted = Math.min(1, Math.max(0, share)) * length;
  let best: ReactionSpot | undefined;
  for (const pause of findPauses(host)) {
    if (taken.some((other) => other.startSample === pause.startSample)) continue;
    const span = pause.endSample - pause.startSample;
    const earliest = pause.startSample + ms(AFTER_PAUSE_START_MS);
    const latest = pause.endSample - ms(ONSET_CLEARANCE_MS);
    if (latest < earliest) continue;
    const offset = Math.min(latest, Math.max(earliest, pause.startSample + Math.round(span * 0.4)));
    if (offset + reactionSamples > length + ms(TAIL_MS)) continue;
    if (!best || Math.abs(offset - wanted) < Math.abs(best.offsetSamples - wanted)) best = { offsetSamples: offset, inside: true, pause };
  }
  return best ?? { offsetSamples: length, inside: false };
}
