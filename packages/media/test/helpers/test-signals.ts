// Deterministic test signals for the loudness meter and the mastering tests: tones at
// known levels, noise, a speech-like envelope, a loud transient. Everything is seeded,
// so a failure reproduces.

/** Samples of `seconds` at `rate` from `f(t)`, with 50 ms fades so no edge adds a click the meters would disagree on. */
function signal(rate: number, seconds: number, f: (t: number, i: number) => number, fadeSeconds = 0.05): Float32Array {
  const out = new Float32Array(Math.round(rate * seconds));
  for (let i = 0; i < out.length; i++) {
    const t = i / rate;
    const fade = fadeSeconds > 0 ? Math.min(1, t / fadeSeconds, (seconds - t) / fadeSeconds) : 1;
    out[i] = fade * f(t, i);
  }
  return out;
}

/** A sine of peak amplitude `amplitude` (linear) and frequency `hz`. */
export function sine(rate: number, seconds: number, hz: number, amplitude: number, phase = 0): Float32Array {
  return signal(rate, seconds, (t) => amplitude * Math.sin(2 * Math.PI * hz * t + phase));
}

/** Uniform white noise in ±amplitude from a fixed seed (a 31-bit LCG: plenty for audio). */
export function whiteNoise(rate: number, seconds: number, amplitude: number, seed = 1): Float32Array {
  const next = lcg(seed);
  return signal(rate, seconds, () => amplitude * next());
}

/** Pink (1/f) noise: white noise through Paul Kellet's refined filter, scaled by `gain`. */
export function pinkNoise(rate: number, seconds: number, gain: number, seed = 2): Float32Array {
  const next = lcg(seed);
  let [b0, b1, b2, b3, b4, b5, b6] = [0, 0, 0, 0, 0, 0, 0];
  return signal(rate, seconds, () => {
    const white = next();
    b0 = 0.99886 * b0 + white * 0.0555179;
    b1 = 0.99332 * b1 + white * 0.0750759;
    b2 = 0.969 * b2 + white * 0.153852;
    b3 = 0.8665 * b3 + white * 0.3104856;
    b4 = 0.55 * b4 + white * 0.5329522;
    b5 = -0.7616 * b5 - white * 0.016898;
    const out = b0 + b1 + b2 + b3 + b4 + b5 + b6 + white * 0.5362;
    b6 = white * 0.115926;
    return gain * out;
  });
}

/** Syllable-like bursts (2.5 per second) of a 220 Hz tone: gating behaves on it as it does on speech. */
export function bursts(rate: number, seconds: number, amplitude: number): Float32Array {
  return signal(rate, seconds, (t) => amplitude * Math.max(0, Math.sin(2 * Math.PI * 2.5 * t)) * Math.sin(2 * Math.PI * 220 * t));
}

/** Adds a knock (a 2 kHz ring decaying in ~5 ms, peak `amplitude`) at each of `atSeconds`. */
export function withKnocks(samples: Float32Array, rate: number, atSeconds: readonly number[], amplitude: number): Float32Array {
  const out = samples.slice();
  for (const at of atSeconds) {
    const start = Math.round(at * rate);
    for (let j = 0; j < rate / 20 && start + j < out.length; j++) {
      out[start + j] = (out[start + j] as number) + amplitude * Math.exp(-j / (rate / 200)) * Math.sin((2 * Math.PI * 2000 * j) / rate);
    }
  }
  return out;
}

export function scaled(samples: Float32Array, gain: number): Float32Array {
  return samples.map((sample) => sample * gain);
}

function lcg(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return (state / 2_147_483_648) * 2 - 1;
  };
}
