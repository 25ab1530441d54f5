// The decision the one encoding pass is built from: gain, limiter or neither.
import t from 'tap';
import { PODCAST_LOUDNESS } from '@castwright/media/loudness';
import { planMastering, TRUE_PEAK_MARGIN_DB } from '@castwright/media/mastering-plan';

const base = { target: PODCAST_LOUDNESS, encoderGainDb: -0.45, sourceRate: 16_000, outputRate: 44_100 };

void t.test('silence is left as it is: only resampled', async (t) => {
  t.same(planMastering({ ...base, measured: { integratedLufs: -Infinity, truePeakDbtp: -Infinity } }), { normalization: 'none', gainDb: 0, filters: ['aresample=44100'] });
});

void t.test('audio with headroom gets one gain, the encoder’s loss made up in it', async (t) => {
  const plan = planMastering({ ...base, measured: { integratedLufs: -30, truePeakDbtp: -20 } });
  t.same(plan, { normalization: 'gain', gainDb: 14, filters: ['volume=14.45dB', 'aresample=44100'] });
  const louder = planMastering({ ...base, measured: { integratedLufs: -10, truePeakDbtp: -1 } });
  t.same(louder.filters, ['volume=-5.55dB', 'aresample=44100'], 'turned down: peaks fall with it');
});

void t.test('peaks that the gain would push over the ceiling get the true-peak limiter', async (t) => {
  const ceilingDbtp = PODCAST_LOUDNESS.truePeakDbtp - TRUE_PEAK_MARGIN_DB;
  // Exactly at the ceiling after the gain: no limiter.
  t.equal(planMastering({ ...base, measured: { integratedLufs: -20, truePeakDbtp: ceilingDbtp - 4 } }).normalization, 'gain');
  const plan = planMastering({ ...base, measured: { integratedLufs: -20, truePeakDbtp: ceilingDbtp - 3.9 } });
  t.equal(plan.normalization, 'limited');
  t.equal(plan.gainDb, 4);
  // 4× the timeline's rate; the limiter's 5 ms look-ahead is 320 samples there, its delay 319.
  const limit = (10 ** ((ceilingDbtp + 0.45) / 20)).toFixed(5);
  t.same(plan.filters, [
    'volume=4.45dB',
    'aresample=64000',
    'apad=pad_len=319',
    `alimiter=limit=${limit}:attack=5:release=50:level=0`,
    'atrim=start_sample=319',
    'asetpts=PTS-STARTPTS',
    'aresample=44100',
  ]);
  const kokoro = planMastering({ ...base, sourceRate: 24_000, measured: { integratedLufs: -20, truePeakDbtp: 0 } });
  t.match(kokoro.filters, ['volume=4.45dB', 'aresample=96000', 'apad=pad_len=479'], 'a 24 kHz timeline is limited at 96 kHz');
});

void t.test('a true-peak target the limiter cannot hold is refused', async (t) => {
  t.throws(() => planMastering({ ...base, target: { integratedLufs: -16, truePeakDbtp: -40 }, measured: { integratedLufs: -20, truePeakDbtp: 0 } }), RangeError);
});
