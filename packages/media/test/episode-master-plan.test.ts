// chooseMasterPlan and the plan and chunk-table records read back from storage.
import t from 'tap';
import { parseChunkTable } from '@castwright/media/chunk-table';
import { chooseMasterPlan, KEEP_PLAN_TOLERANCE_LU, parseEpisodeMasterPlan } from '@castwright/media/episode-master-plan';
import { PODCAST_LOUDNESS } from '@castwright/media/loudness';

const FORMAT = { sampleRate: 44_100, bitrateKbps: 96 };
const common = { sourceRate: 16_000, format: FORMAT, encoderGainDb: -0.45, target: PODCAST_LOUDNESS };
const planned = chooseMasterPlan({ ...common, measured: { integratedLufs: -22, truePeakDbtp: -12 } });

void t.test('a plan is kept within ±0.3 LU and while its peaks stay under the ceiling', async (t) => {
  t.equal(planned.decision, 'fresh');
  t.equal(planned.plan.normalization, 'gain');
  t.equal(planned.plan.gainDb, 6);
  const previous = JSON.parse(JSON.stringify(planned.plan));
  const at = (integratedLufs: number, truePeakDbtp = -12) => chooseMasterPlan({ ...common, measured: { integratedLufs, truePeakDbtp }, previous });
  t.equal(at(-22 + KEEP_PLAN_TOLERANCE_LU - 0.01).decision, 'kept');
  t.equal(at(-22 - KEEP_PLAN_TOLERANCE_LU + 0.01).decision, 'kept');
  t.equal(at(-22 + KEEP_PLAN_TOLERANCE_LU + 0.01).decision, 'replanned');
  t.equal(at(-22 - KEEP_PLAN_TOLERANCE_LU - 0.01).decision, 'replanned');
  t.ok(Math.abs(at(-22 + KEEP_PLAN_TOLERANCE_LU + 0.01).plan.gainDb - (6 - KEEP_PLAN_TOLERANCE_LU - 0.01)) < 1e-9, 'a new gain for the new loudness');
  const hot = at(-22, -7.5);
  t.match(hot, { decision: 'replanned', reason: /peak at -1.50 dBTP/, plan: { normalization: 'limited' } });
  // A limited plan holds any peak.
  const limited = chooseMasterPlan({ ...common, measured: { integratedLufs: -22, truePeakDbtp: -3 } });
  t.equal(chooseMasterPlan({ ...common, measured: { integratedLufs: -22.1, truePeakDbtp: 0 }, previous: limited.plan }).decision, 'kept');
  t.match(chooseMasterPlan({ ...common, sourceRate: 24_000, measured: { integratedLufs: -22, truePeakDbtp: -12 }, previous }), { decision: 'replanned', reason: /24000 Hz/ });
  t.match(chooseMasterPlan({ ...common, measured: { integratedLufs: -Infinity, truePeakDbtp: -Infinity }, previous }), { decision: 'replanned', plan: { normalization: 'none' } });
});

void t.test('records read back are checked; a plan’s filters are always rebuilt', async (t) => {
  t.same(parseEpisodeMasterPlan(JSON.parse(JSON.stringify(planned.plan))), planned.plan);
  t.same(parseEpisodeMasterPlan({ ...planned.plan, filters: ['amovie=/etc/passwd'] })?.filters, planned.plan.filters);
  for (const bad of [null, 'plan', { ...planned.plan, normalization: 'loud' }, { ...planned.plan, gainDb: null }, { ...planned.plan, sourceRate: 12.5 }, { ...planned.plan, target: { integratedLufs: -16, truePeakDbtp: 40 }, normalization: 'limited' }]) {
    t.equal(parseEpisodeMasterPlan(bad), undefined, `refused: ${JSON.stringify(bad)?.slice(0, 60)}`);
  }
  const chunk = { content: 'a'.repeat(64), leadSamples: 0, outputSamples: 1152 * 3, offset: 0, bytes: 1254, frames: 4 };
  const clip = { recipe: 'b'.repeat(64), samples: 2000, digest: 'c'.repeat(64), loudness: { from: 400, counts: [1, 0, 3], peak: 0.5 }, layout: [0, 10, 1990] };
  const table = { version: 1, encoder: 'ffmpeg x', format: FORMAT, frameSamples: 1152, chunks: [chunk, { ...chunk, offset: 1254, clip }] };
  t.same(parseChunkTable(JSON.parse(JSON.stringify(table))), table, 'with a recorded clip too');
  for (const [bad, message] of [
    [{ ...table, version: 2 }, /version 1/],
    [{ ...table, chunks: [chunk, { ...chunk, offset: 9 }] }, /does not follow/],
    [{ ...table, chunks: [{ ...chunk, outputSamples: 1000 }] }, /whole number of frames/],
    [{ ...table, chunks: [{ ...chunk, content: '../x' }] }, /content identity/],
    [{ ...table, chunks: [{ ...chunk, bytes: -1 }] }, /invalid sizes/],
    [{ ...table, frameSamples: 0 }, /frames or chunks/],
    [{ ...table, chunks: [{ ...chunk, clip: { ...clip, recipe: 'x' } }] }, /invalid clip record/],
    [{ ...table, chunks: [{ ...chunk, clip: { ...clip, samples: 0 } }] }, /invalid clip record/],
    [{ ...table, chunks: [{ ...chunk, clip: { ...clip, loudness: { from: 990, counts: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], peak: 1 } } }] }, /invalid clip record/],
    [{ ...table, chunks: [{ ...chunk, clip: { ...clip, loudness: { ...clip.loudness, peak: Number.NaN } } }] }, /invalid clip record/],
    [{ ...table, chunks: [{ ...chunk, clip: { ...clip, layout: [1, -2] } }] }, /invalid clip layout/],
  ] as const) t.throws(() => parseChunkTable(bad), { name: 'ChunkTableError', message }, String(message));
});
