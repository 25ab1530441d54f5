// The K-weighting of ITU-R BS.1770-4: a high-shelf "pre-filter" (+4 dB above ~1.5 kHz,
// the head's acoustic effect) followed by the RLB high-pass (~38 Hz). The standard
// tabulates both biquads for 48 kHz only. Reusing those numbers at another rate moves
// the corner frequencies, so the coefficients are derived here from the analog
// prototypes the 48 kHz table was made from (the parameters found by libebur128's
// author, which reproduce the published table to 1e-14) through a pre-warped bilinear
// transform at the timeline's own rate. Measuring at the engine's rate (16 or 24 kHz)
// avoids resampling the whole episode just to meter it.

export interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  /** Denominator, normalised so that a0 = 1: y = b0·x + b1·x₁ + b2·x₂ − a1·y₁ − a2·y₂. */
  a1: number;
  a2: number;
}

// Analog prototype of the pre-filter (a high shelf) and of the RLB high-pass.
const SHELF_HZ = 1681.974450955533;
const SHELF_GAIN_DB = 3.999843853973347;
const SHELF_Q = 0.7071752369554196;
const SHELF_BANDWIDTH_EXPONENT = 0.4996667741545416;
const HIGHPASS_HZ = 38.13547087602444;
const HIGHPASS_Q = 0.5003270373238773;
/** The rate of the standard's coefficient table. */
const REFERENCE_RATE = 48_000;

export function preFilter(sampleRate: number): Biquad {
  const k = Math.tan((Math.PI * SHELF_HZ) / sampleRate);
  const vh = 10 ** (SHELF_GAIN_DB / 20);
  const vb = vh ** SHELF_BANDWIDTH_EXPONENT;
  const a0 = 1 + k / SHELF_Q + k * k;
  return {
    b0: (vh + (vb * k) / SHELF_Q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / SHELF_Q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / SHELF_Q + k * k) / a0,
  };
}

/**
 * The revised low-frequency B-curve high-pass. The standard's 48 kHz numerator is
 * 1, −2, 1: not normalised, so its pass band sits 0.043 dB above unity, and the
 * −0.691 LUFS offset is calibrated with that gain in. A plain bilinear transform at
 * another rate would normalise it away (or, keeping 1, −2, 1, change it: +0.13 dB at
 * 16 kHz, which reads 16 kHz speech 0.09 LU loud), so the numerator is scaled to keep
 * the 48 kHz table's pass-band gain at every rate.
 */
export function rlbFilter(sampleRate: number): Biquad {
  const denominator = (rate: number) => {
    const k = Math.tan((Math.PI * HIGHPASS_HZ) / rate);
    const a0 = 1 + k / HIGHPASS_Q + k * k;
    return { a0, a1: (2 * (k * k - 1)) / a0, a2: (1 - k / HIGHPASS_Q + k * k) / a0 };
  };
  const { a0, a1, a2 } = denominator(sampleRate);
  const gain = denominator(REFERENCE_RATE).a0 / a0;
  return { b0: gain, b1: -2 * gain, b2: gain, a1, a2 };
}

/**
 * Streams mono samples through both filters and hands back the sum of the squared
 * output, which is all the loudness meter needs (mean square per gating block).
 */
export class KWeighting {
  private readonly pre: Biquad;
  private readonly rlb: Biquad;
  // Direct form I state: the last two inputs and outputs of each stage.
  private x1 = 0;
  private x2 = 0;
  private y1 = 0;
  private y2 = 0;
  private z1 = 0;
  private z2 = 0;

  constructor(sampleRate: number) {
    this.pre = preFilter(sampleRate);
    this.rlb = rlbFilter(sampleRate);
  }

  /** K-weights `samples[from..to)` and returns Σ output². */
  sumOfSquares(samples: Float32Array, from: number, to: number): number {
    const { b0, b1, b2, a1, a2 } = this.pre;
    const { b0: c0, b1: c1, b2: c2, a1: d1, a2: d2 } = this.rlb;
    let { x1, x2, y1, y2, z1, z2 } = this;
    let sum = 0;
    for (let i = from; i < to; i++) {
      const x = samples[i] as number;
      const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
      const z = c0 * y + c1 * y1 + c2 * y2 - d1 * z1 - d2 * z2;
      x2 = x1;
      x1 = x;
      y2 = y1;
      y1 = y;
      z2 = z1;
      z1 = z;
      sum += z * z;
    }
    // A long pause rings the filters down towards subnormal numbers, which make every
    // later multiplication far slower; a state this small (−600 dB) is silence.
    if (Math.abs(y1) + Math.abs(y2) + Math.abs(z1) + Math.abs(z2) < 1e-30) y1 = y2 = z1 = z2 = 0;
    this.x1 = x1;
    this.x2 = x2;
    this.y1 = y1;
    this.y2 = y2;
    this.z1 = z1;
    this.z2 = z2;
    return sum;
  }
}
