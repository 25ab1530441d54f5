// Edge treatment for each synthesized line before it goes on the timeline.
// Engines pad their output with differing amounts of silence (Flite adds some,
// neural engines vary per line); trimming it lets the renderer own the pause
// lengths and makes a segment's start the moment speech actually starts.
// Short fades then keep a clip that starts or stops mid-waveform from clicking.

export interface TrimOptions {
  /** Level, relative to the clip's peak, below which edge audio counts as silence. */
  relativeThresholdDb?: number;
  /** Absolute floor so near-silent clips are not trimmed on noise. */
  absoluteThresholdDb?: number;
  /** Audio kept before the first and after the last loud sample, so soft onsets/decays survive. */
  marginMs?: number;
}

const dbToAmplitude = (db: number) => 10 ** (db / 20);

/** Returns a view of `samples` without leading/trailing silence (the whole clip if it is all quiet). */
export function trimSilence(samples: Float32Array, sampleRate: number, options: TrimOptions = {}): Float32Array {
  const { relativeThresholdDb = -40, absoluteThresholdDb = -60, marginMs = 15 } = options;
  let peak = 0;
  for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
  const threshold = Math.max(peak * dbToAmplitude(relativeThresholdDb), dbToAmplitude(absoluteThresholdDb));
  let first = 0;
  while (first < samples.length && Math.abs(samples[first] as number) < threshold) first++;
  if (first === samples.length) return samples; // nothing above the threshold: keep the engine's timing
  let last = samples.length - 1;
  while (last > first && Math.abs(samples[last] as number) < threshold) last--;
  const margin = Math.round((marginMs / 1000) * sampleRate);
  return samples.subarray(Math.max(0, first - margin), Math.min(samples.length, last + 1 + margin));
}

/** Raised-cosine fade-in and fade-out over `fadeMs` at each end, in place. */
export function fadeEdges(samples: Float32Array, sampleRate: number, fadeMs = 8): Float32Array {
  const length = Math.min(Math.round((fadeMs / 1000) * sampleRate), Math.floor(samples.length / 2));
  for (let i = 0; i < length; i++) {
    const gain = 0.5 - 0.5 * Math.cos((Math.PI * (i + 0.5)) / length);
    samples[i] = (samples[i] as number) * gain;
    const j = samples.length - 1 - i;
    samples[j] = (samples[j] as number) * gain;
  }
  return samples;
}
