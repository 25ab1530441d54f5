// Our streaming BS.1770-4 meter against the standard's own numbers and against
// ffmpeg's ebur128 (run as a separate process on the same samples written to a WAV),
// on the kinds of signal an episode can hold: tones at known levels, noise, the
// offline voice's speech, silence and a loud transient.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import t from 'tap';
import { concatSamples } from '@castwright/media/concat-samples';
import { preFilter, rlbFilter } from '@castwright/media/k-weighting';
import { measureFileLoudness } from '@castwright/media/loudness';
import { LoudnessMeter } from '@castwright/media/loudness-meter';
import type { LoudnessReading } from '@castwright/media/loudness-meter';
import { OfflineVoiceEngine } from '@castwright/media/offline-voice/offline-voice-engine';
import { TRUE_PEAK_PHASES } from '@castwright/media/true-peak';
import { encodeWavFloat32 } from '@castwright/media/wav';
import { ebur128 } from '#test-helpers/ebur128';
import { bursts, pinkNoise, scaled, sine, whiteNoise, withKnocks } from './helpers/test-signals.ts';

/** Meters `samples` pushed in uneven chunks (as a timeline arrives: clip by clip). */
function meter(samples: Float32Array, rate: number, chunk = 7_919): LoudnessReading {
  const loudness = new LoudnessMeter(rate);
  for (let at = 0; at < samples.length; at += chunk) loudness.push(samples.subarray(at, at + chunk));
  return loudness.reading();
}

const dbfs = (linear: number) => 20 * Math.log10(linear);

void t.test('the K-weighting at 48 kHz is the standard’s table, and keeps its response at other rates', async (t) => {
  // ITU-R BS.1770-4, tables 1 and 2.
  const pre = preFilter(48_000);
  const rlb = rlbFilter(48_000);
  const table = { b0: 1.53512485958697, b1: -2.69169618940638, b2: 1.19839281085285, a1: -1.69065929318241, a2: 0.73248077421585 };
  for (const key of Object.keys(table) as (keyof typeof table)[]) t.ok(Math.abs(pre[key] - table[key]) < 1e-12, `pre-filter ${key} ${pre[key]}`);
  t.same([rlb.b0, rlb.b1, rlb.b2], [1, -2, 1]);
  t.ok(Math.abs(rlb.a1 - -1.99004745483398) < 1e-12 && Math.abs(rlb.a2 - 0.99007225036621) < 1e-12, 'RLB denominator');

  // The weighting's gain at a few frequencies, at 16 and 24 kHz vs 48 kHz.
  const gainDb = (rate: number, hz: number) => {
    const w = (2 * Math.PI * hz) / rate;
    const response = (f: { b0: number; b1: number; b2: number; a1: number; a2: number }) => {
      const re = (c0: number, c1: number, c2: number) => c0 + c1 * Math.cos(w) + c2 * Math.cos(2 * w);
      const im = (c1: number, c2: number) => -(c1 * Math.sin(w) + c2 * Math.sin(2 * w));
      return Math.hypot(re(f.b0, f.b1, f.b2), im(f.b1, f.b2)) / Math.hypot(re(1, f.a1, f.a2), im(f.a1, f.a2));
    };
    return dbfs(response(preFilter(rate)) * response(rlbFilter(rate)));
  };
  for (const rate of [16_000, 24_000]) {
    for (const hz of [50, 100, 200, 500, 1_000, 2_000, 4_000, 6_000]) {
      const difference = gainDb(rate, hz) - gainDb(48_000, hz);
      t.ok(Math.abs(difference) < 0.07, `${hz} Hz at ${rate} Hz: ${difference.toFixed(3)} dB from the 48 kHz curve`);
    }
  }
});

void t.test('a 997 Hz sine reads the level the standard defines', async (t) => {
  // BS.1770: a 0 dBFS 997 Hz sine reads -3.01 LUFS (mono); its true peak is its amplitude.
  // Away from 48 kHz the bilinear transform bends the shelf a little (-0.05 dB at 1 kHz at
  // 16 kHz), and the Annex 2 interpolator's ripple over-reads tones by up to 0.2 dB: the
  // safe side for a peak meter.
  for (const [rate, amplitudeDb] of [[48_000, 0], [48_000, -20], [16_000, -6], [24_000, -30]] as const) {
    const reading = meter(sine(rate, 10, 997, 10 ** (amplitudeDb / 20)), rate);
    const tolerance = rate === 48_000 ? 0.02 : 0.1;
    t.ok(Math.abs(reading.integratedLufs - (amplitudeDb - 3.01)) < tolerance, `${amplitudeDb} dBFS at ${rate} Hz reads ${reading.integratedLufs.toFixed(3)} LUFS`);
    t.ok(reading.truePeakDbtp - amplitudeDb > -0.05 && reading.truePeakDbtp - amplitudeDb < 0.2, `true peak ${reading.truePeakDbtp.toFixed(3)} dBTP`);
  }
});

void t.test('the true peak finds what falls between samples', async (t) => {
  // A 4 kHz sine at 16 kHz, sampled 45° off its crests: every sample is at 0.707 of the peak (-3 dB).
  const samples = sine(16_000, 5, 4_000, 0.5, Math.PI / 4);
  let samplePeak = 0;
  for (const sample of samples) samplePeak = Math.max(samplePeak, Math.abs(sample));
  t.ok(dbfs(samplePeak) < dbfs(0.5) - 2.9, `sample peak ${dbfs(samplePeak).toFixed(2)} dBFS`);
  const { truePeakDbtp } = meter(samples, 16_000);
  t.ok(Math.abs(truePeakDbtp - dbfs(0.5)) < 0.2, `true peak ${truePeakDbtp.toFixed(2)} dBTP of ${dbfs(0.5).toFixed(2)}`);
  t.equal(TRUE_PEAK_PHASES.length, 4, 'four phases: 4× oversampling');
});

void t.test('gating: the absolute gate drops silence, the relative gate drops quiet passages', async (t) => {
  const rate = 24_000;
  const loud = sine(rate, 10, 1_000, 0.1, 0); // ≈ -23 LUFS
  const quieter = sine(rate, 10, 1_000, 0.1 * 10 ** (-15 / 20), 0); // 15 LU under it
  // With a minute of silence after them. Were silence not gated out (absolute gate), it
  // would pull the relative gate 6 LU down and let the quieter passage in (-2.9 LU);
  // were the relative gate missing, the quieter passage would count as well.
  const episode = new Float32Array(rate * 80);
  episode.set(loud);
  episode.set(quieter, loud.length);
  const alone = meter(loud, rate).integratedLufs;
  const gated = meter(episode, rate).integratedLufs;
  t.ok(Math.abs(gated - alone) < 0.1, `${gated.toFixed(3)} LUFS: only the loud passage counts (${alone.toFixed(3)} alone)`);
  t.same(meter(new Float32Array(rate * 5), rate), { integratedLufs: -Infinity, truePeakDbtp: -Infinity }, 'silence reads -inf');
  t.equal(meter(sine(rate, 0.3, 1_000, 0.5, 0), rate).integratedLufs, -Infinity, 'shorter than one 400 ms block: no block, no loudness');
});

void t.test('chunking does not change the reading', async (t) => {
  const rate = 16_000;
  const samples = withKnocks(bursts(rate, 12, 0.3), rate, [3.3, 7.1], 0.9);
  const whole = meter(samples, rate, samples.length);
  const same = (reading: LoudnessReading, expected: LoudnessReading, label: string) =>
    t.ok(Math.abs(reading.integratedLufs - expected.integratedLufs) < 1e-9 && reading.truePeakDbtp === expected.truePeakDbtp, label);
  for (const chunk of [1, 160, 1_601, 4_096, 10_000]) same(meter(samples, rate, chunk), whole, `${chunk}-sample chunks`);
  const silence = new LoudnessMeter(rate);
  silence.push(samples);
  silence.pushSilence(rate * 3);
  const zeros = new Float32Array(samples.length + rate * 3);
  zeros.set(samples);
  same(silence.reading(), meter(zeros, rate, zeros.length), 'pushSilence is pushing zeros');
  t.throws(() => silence.push(samples), /already given/, 'no samples after the reading');
  t.throws(() => new LoudnessMeter(0), RangeError);
});

void t.test('agrees with ffmpeg’s ebur128 within 0.1 LU and 0.2 dB', async (t) => {
  const dir = t.testdir();
  const engine = new OfflineVoiceEngine({ tempDir: join(dir) });
  t.teardown(() => engine.close());
  const speech: Float32Array[] = [];
  for (const [index, text] of ['Welcome back to the show where we talk about rivers.', 'Rivers carry water from the mountains to the sea.', 'They also shape the land around them and everything that lives there.'].entries()) {
    speech.push((await engine.synthesize({ text, voice: index % 2 === 0 ? 'rms' : 'slt' })).samples, new Float32Array(8_000));
  }
  const flite = concatSamples(speech);

  const cases: [string, Float32Array, number][] = [
    ['997 Hz sine, -20 dBFS, 48 kHz', sine(48_000, 10, 997, 0.1), 48_000],
    ['1 kHz sine, -6 dBFS, 16 kHz', sine(16_000, 10, 1_000, 0.5), 16_000],
    ['100 Hz sine, -26 dBFS, 24 kHz', sine(24_000, 10, 100, 0.05), 24_000],
    ['3 kHz sine, -3 dBFS, 24 kHz', sine(24_000, 10, 3_000, 0.7, 0.7), 24_000],
    ['white noise, 48 kHz', whiteNoise(48_000, 20, 0.2), 48_000],
    ['pink noise, 24 kHz', pinkNoise(24_000, 20, 0.05), 24_000],
    ['pink noise, 48 kHz', pinkNoise(48_000, 20, 0.05), 48_000],
    ['speech-like bursts, 24 kHz', bursts(24_000, 20, 0.02), 24_000],
    ['offline voice (Flite), 16 kHz', flite, 16_000],
    ['quiet speech with loud knocks, 16 kHz', withKnocks(scaled(flite, 0.3), 16_000, [1, 4.5], 0.95), 16_000],
    ['silence', new Float32Array(16_000 * 5), 16_000],
  ];
  for (const [name, samples, rate] of cases) {
    const file = join(dir, 'signal.wav');
    await writeFile(file, encodeWavFloat32(samples, rate));
    const ours = meter(samples, rate);
    const reference = await ebur128(file);
    if (reference.integratedLufs === -Infinity) {
      t.equal(ours.integratedLufs, -Infinity, `${name}: both read silence`);
      continue;
    }
    t.ok(Math.abs(ours.integratedLufs - reference.integratedLufs) <= 0.1, `${name}: ${ours.integratedLufs.toFixed(3)} LUFS, ebur128 ${reference.integratedLufs.toFixed(3)}`);
    // White noise fills the band to Nyquist, where every 4× interpolator reads low and
    // ffmpeg's (its resampler, not the Annex 2 filter) reads 0.3 dB higher than ours.
    const peakTolerance = name.startsWith('white noise') ? 0.35 : 0.2;
    t.ok(Math.abs(ours.truePeakDbtp - reference.truePeakDbtp) <= peakTolerance, `${name}: ${ours.truePeakDbtp.toFixed(2)} dBTP, ebur128 ${reference.truePeakDbtp.toFixed(2)}`);
    const decoded = await measureFileLoudness(file);
    t.equal(decoded.sampleRate, rate);
    t.ok(Math.abs(decoded.loudness.integratedLufs - ours.integratedLufs) < 1e-6 && decoded.loudness.truePeakDbtp === ours.truePeakDbtp, `${name}: the file, decoded through ffmpeg, reads the same`);
  }
});

void t.test('memory does not grow with the length metered', async (t) => {
  // Ten minutes through one meter: its state is fixed-size (four 100 ms sums, a
  // 10,000-bin histogram, a 4,096-sample window) and pushing allocates nothing.
  const rate = 16_000;
  const minute = bursts(rate, 60, 0.1);
  const loudness = new LoudnessMeter(rate);
  loudness.push(minute);
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 9; i++) loudness.push(minute);
  t.ok(process.memoryUsage().heapUsed - before < 1_000_000, 'under 1 MB more after nine more minutes');
  t.ok(Math.abs(loudness.reading().integratedLufs - meter(minute, rate).integratedLufs) < 0.01);
});
