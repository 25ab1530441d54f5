// True peak per ITU-R BS.1770-4 Annex 2: the signal is oversampled 4× by the Annex's
// 48-tap interpolating FIR (four polyphase branches of 12 taps) and the largest
// absolute value is the true peak; it catches the inter-sample overs that a DAC, a
// resampler or a lossy decoder reconstructs between samples. The filter is specified
// in normalised frequency, so it is used unchanged at the timeline's own rate.

/** The Annex's coefficients, one row per phase (phase 3 is phase 0 reversed, phase 2 is phase 1 reversed). */
export const TRUE_PEAK_PHASES: readonly (readonly number[])[] = [
  [0.001708984375, 0.010986328125, -0.0196533203125, 0.033203125, -0.0594482421875, 0.1373291015625, 0.97216796875, -0.102294921875, 0.047607421875, -0.026611328125, 0.014892578125, -0.00830078125],
  [-0.0291748046875, 0.029296875, -0.0517578125, 0.089111328125, -0.166503906250, 0.465087890625, 0.77978515625, -0.2003173828125, 0.1015625, -0.0582275390625, 0.0330810546875, -0.0189208984375],
  [-0.0189208984375, 0.0330810546875, -0.0582275390625, 0.1015625, -0.2003173828125, 0.77978515625, 0.465087890625, -0.166503906250, 0.089111328125, -0.0517578125, 0.029296875, -0.0291748046875],
  [-0.00830078125, 0.014892578125, -0.026611328125, 0.047607421875, -0.102294921875, 0.97216796875, 0.1373291015625, -0.0594482421875, 0.033203125, -0.0196533203125, 0.010986328125, 0.001708984375],
];
const TAPS = 12;
/** Largest Σ|h| of a phase: no interpolated value can exceed this times the largest input it is made from. */
const MAX_GAIN = Math.max(...TRUE_PEAK_PHASES.map((phase) => phase.reduce((sum, h) => sum + Math.abs(h), 0)));
/** Samples looked at together when deciding whether a stretch can hold a new peak at all. */
const SPAN = 64;

/** Samples taken in at a time: the window stays this size whatever length is pushed. */
const PIECE = 4096;

export class TruePeakMeter {
  /** The last TAPS − 1 samples of the stream, then room for one piece. */
  private readonly window = new Float64Array(TAPS - 1 + PIECE);
  private peak = 0;
  // One typed array per phase, so the inner loop reads flat memory.
  private readonly h0 = Float64Array.from(TRUE_PEAK_PHASES[0] as number[]);
  private readonly h1 = Float64Array.from(TRUE_PEAK_PHASES[1] as number[]);
  private readonly h2 = Float64Array.from(TRUE_PEAK_PHASES[2] as number[]);
  private readonly h3 = Float64Array.from(TRUE_PEAK_PHASES[3] as number[]);

  /** Largest absolute value seen so far, oversampled or not (linear, 1 = full scale). */
  get truePeak(): number {
    return this.peak;
  }

  push(samples: Float32Array): void {
    for (let at = 0; at < samples.length; at += PIECE) this.pushPiece(samples.subarray(at, at + PIECE));
  }

  private pushPiece(samples: Float32Array): void {
    const history = TAPS - 1;
    const window = this.window;
    window.set(samples, history);
    const end = history + samples.length;
    for (let start = history; start < end; start += SPAN) {
      const stop = Math.min(end, start + SPAN);
      // Every interpolated value in this span is made from window[start − 11 .. stop); when
      // even their largest, times the filter's largest gain, cannot beat the peak found so
      // far, skip the filter. Exact, and it skips most of a speech timeline once its loud
      // parts have been seen.
      let largest = 0;
      for (let i = start - history; i < stop; i++) largest = Math.max(largest, Math.abs(window[i] as number));
      if (largest * MAX_GAIN <= this.peak) continue;
      this.peak = Math.max(this.peak, largest, this.interpolatedPeak(start, stop));
    }
    window.copyWithin(0, end - history, end);
  }

  /** Largest |value| of the four phases for each output position in [start, stop). */
  private interpolatedPeak(start: number, stop: number): number {
    const { window: x, h0, h1, h2, h3 } = this;
    let peak = 0;
    for (let n = start; n < stop; n++) {
      let y0 = 0;
      let y1 = 0;
      let y2 = 0;
      let y3 = 0;
      for (let k = 0; k < TAPS; k++) {
        const sample = x[n - k] as number;
        y0 += (h0[k] as number) * sample;
        y1 += (h1[k] as number) * sample;
        y2 += (h2[k] as number) * sample;
        y3 += (h3[k] as number) * sample;
      }
      peak = Math.max(peak, Math.abs(y0), Math.abs(y1), Math.abs(y2), Math.abs(y3));
    }
    return peak;
  }
}
