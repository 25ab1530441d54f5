// The bed's gain under the voices, driven by the voices' own envelope, as a side-chain
// ducker does it, but with the whole block in hand so it can start early:
//
//  - speech is where the voice track's peak in each millisecond passes a threshold (set
//    from the voices' loudness), held over the short breaths inside a line (HOLD_MS), so
//    the bed does not pump between words;
//  - the gain moves in straight lines in dB: down over `attackMs`, starting that long
//    before speech starts (so the bed is already down when the first word comes), and up
//    over `releaseMs` once speech stops, so it rises in the pauses between turns and comes
//    fully up only in longer ones (between sections, before the first line);
//  - one gain per millisecond, interpolated per sample (linear amplitude) when applied.
//
// Pure arithmetic over samples: deterministic, so a block made twice is the same bytes.

export interface DuckingOptions {
  sampleRate: number;
  /** The bed's gain under speech and in the gaps, in dB (applied to the bed as it is). */
  speechGainDb: number;
  gapGainDb: number;
  attackMs: number;
  releaseMs: number;
  /** A voice sample beyond this amplitude is speech. */
  threshold: number;
}

export interface DuckingCurve {
  /** Samples per control step (one millisecond). */
  hop: number;
  /** The bed's linear gain at the start of each step. */
  gains: Float32Array;
}

/** Breaths inside a line shorter than this keep the bed down. */
export const HOLD_MS = 180;

const fromDb = (db: number) => 10 ** (db / 20);

export function duckingCurve(voice: Float32Array, options: DuckingOptions): DuckingCurve {
  const { sampleRate, speechGainDb, gapGainDb } = options;
  const hop = Math.max(1, Math.round(sampleRate / 1000));
  const steps = Math.ceil(voice.length / hop) + 1;
  const active = new Uint8Array(steps);
  for (let step = 0; step * hop < voice.length; step++) {
    const end = Math.min(voice.length, (step + 1) * hop);
    for (let at = step * hop; at < end; at++) {
      const sample = voice[at] as number;
      if (sample > options.threshold || -sample > options.threshold) {
        active[step] = 1;
        break;
      }
    }
  }
  const holdSteps = Math.round(HOLD_MS / (hop * 1000 / sampleRate));
  const attackSteps = Math.max(1, Math.round(options.attackMs / (hop * 1000 / sampleRate)));
  const releaseSteps = Math.max(1, Math.round(options.releaseMs / (hop * 1000 / sampleRate)));
  // Speech with its breaths held: a step is speech when a loud one came at most holdSteps before.
  const speech = new Uint8Array(steps);
  let lastLoud = -Infinity;
  for (let step = 0; step < steps; step++) {
    if (active[step]) lastLoud = step;
    speech[step] = step - lastLoud <= holdSteps ? 1 : 0;
  }
  // Steps until the next speech, looking ahead so the dip is complete when speech starts.
  const untilSpeech = new Float64Array(steps);
  let next = Infinity;
  for (let step = steps - 1; step >= 0; step--) {
    if (speech[step]) next = step;
    untilSpeech[step] = next - step;
  }
  const range = Math.max(0, gapGainDb - speechGainDb);
  const down = range / attackSteps;
  const up = range / releaseSteps;
  const gains = new Float32Array(steps);
  let db = untilSpeech[0] === 0 ? speechGainDb : gapGainDb;
  for (let step = 0; step < steps; step++) {
    const ducked = (untilSpeech[step] as number) <= attackSteps;
    if (ducked) db = Math.max(speechGainDb, db - down);
    else db = Math.min(gapGainDb, db + up);
    gains[step] = fromDb(db);
  }
  return { hop, gains };
}

/** The curve's gain at sample `at` (linear between steps). */
export function gainAt(curve: DuckingCurve, at: number): number {
  const position = at / curve.hop;
  const step = Math.floor(position);
  const from = curve.gains[step] ?? curve.gains[curve.gains.length - 1] ?? 1;
  const to = curve.gains[step + 1] ?? from;
  return from + (to - from) * (position - step);
}
