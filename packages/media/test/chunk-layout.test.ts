// layoutChunks: sample arithmetic only. Positions are worked out here the way a decoder
// sees them: each chunk decodes to outputSamples + overhead, its audio `delay` in.
import t from 'tap';
import { layoutChunks } from '@castwright/media/chunk-layout';
import type { ChunkSlot, LayoutInput, LayoutLine, ReusableChunk } from '@castwright/media/chunk-layout';

const TIMING = { delaySamples: 1105, frameSamples: 1152, overheadSamples: 1152 };
const OUT = 44_100;
const SRC = 16_000;
const RATIO = OUT / SRC;

function input(clipSeconds: readonly number[], extra: Partial<LayoutInput> = {}): LayoutInput {
  const lines: LayoutLine[] = clipSeconds.map((seconds, index) => ({ clipSamples: Math.round(seconds * SRC), content: `clip-${index}-${seconds}` }));
  return { lines, sourceRate: SRC, outputRate: OUT, timing: TIMING, leadInMs: 300, leadOutMs: 300, gapsMs: lines.slice(1).map((_, index) => (index % 2 === 0 ? 450 : 250)), ...extra };
}

/** Where each clip starts and ends in the decoded episode (ms), and its length. */
function positions(layout: LayoutInput, slots: readonly ChunkSlot[]) {
  let chunkStart = 0;
  const clips = slots.map((slot, index) => {
    const start = chunkStart + TIMING.delaySamples + slot.leadSamples * RATIO;
    chunkStart += slot.outputSamples + TIMING.overheadSamples;
    return { start: (start * 1000) / OUT, end: ((start + (layout.lines[index] as LayoutLine).clipSamples * RATIO) * 1000) / OUT };
  });
  return { clips, durationMs: (chunkStart * 1000) / OUT };
}

const reusableOf = (layout: LayoutInput, slots: readonly ChunkSlot[]) => {
  const map = new Map<string, ReusableChunk[]>();
  slots.forEach((slot, index) => {
    const content = (layout.lines[index] as LayoutLine).content;
    map.set(content, [...(map.get(content) ?? []), { content, leadSamples: slot.leadSamples, outputSamples: slot.outputSamples }]);
  });
  return map;
};

void t.test('a first layout: whole frames, every clip inside its chunk, every pause exact', async (t) => {
  const layout = input([2.31, 1.07, 3.333, 0.9, 2.5]);
  const slots = layoutChunks(layout);
  const { clips, durationMs } = positions(layout, slots);
  slots.forEach((slot, index) => {
    t.equal(slot.outputSamples % 1152, 0, `chunk ${index} is whole frames`);
    t.ok(slot.outputSamples >= (slot.leadSamples + (layout.lines[index] as LayoutLine).clipSamples) * RATIO + 64, 'its clip fits, with room to ring out');
    t.ok(slot.leadSamples * RATIO < 1152 || index === 0, 'at most a frame of lead after the first');
    t.equal(slot.reuse, undefined);
  });
  t.ok(Math.abs((clips[0]?.start ?? 0) - 300) <= 0.05, 'lead-in exact, the encoder delay counted in it');
  for (let index = 1; index < clips.length; index++) {
    const gap = (clips[index]?.start ?? 0) - (clips[index - 1]?.end ?? 0);
    t.ok(Math.abs(gap - (layout.gapsMs[index - 1] ?? 0)) <= 0.05, `pause ${index}: ${gap.toFixed(3)} ms`);
  }
  t.ok(Math.abs(durationMs - (clips.at(-1)?.end ?? 0) - 300) <= 13.1, 'lead-out within half a frame');
});

void t.test('after a changed line, every other chunk is reused and only the pause after the edit moves', async (t) => {
  const before = input([2.31, 1.07, 3.333, 0.9, 2.5, 1.8]);
  const first = layoutChunks(before);
  const changedLines = before.lines.map((line, index) => (index === 2 ? { clipSamples: Math.round(4.012 * SRC), content: 'edited' } : line));
  const after = { ...before, lines: changedLines, reusable: reusableOf(before, first) };
  const second = layoutChunks(after);
  t.same(second.map((slot) => slot.reuse !== undefined), [true, true, false, true, true, true]);
  const old = positions(before, first).clips;
  const now = positions(after, second).clips;
  const shift = (now[3]?.start ?? 0) - (old[3]?.start ?? 0);
  for (const index of [4, 5]) t.ok(Math.abs((now[index]?.start ?? 0) - (old[index]?.start ?? 0) - shift) < 1e-6, `line ${index + 1} moved with line 4`);
  t.equal(now[1]?.start, old[1]?.start);
  t.ok(Math.abs((now[2]?.start ?? 0) - (now[1]?.end ?? 0) - 250) <= 0.05, 'the pause before the edit is exact');
  const after3 = (now[3]?.start ?? 0) - (now[2]?.end ?? 0);
  t.ok(Math.abs(after3 - 450) <= 13.07, `the pause after it is within half a frame: ${after3.toFixed(2)} ms`);

  // Lines reordered: a chunk whose lead no longer fits its new place is not reused.
  const swapped = { ...before, lines: [before.lines[0], before.lines[2], before.lines[1], ...before.lines.slice(3)] as LayoutLine[], reusable: reusableOf(before, first) };
  const third = layoutChunks(swapped);
  t.equal(third[0]?.reuse !== undefined, true);
  const placed = positions(swapped, third).clips;
  for (let index = 1; index < placed.length; index++) {
    const gap = (placed[index]?.start ?? 0) - (placed[index - 1]?.end ?? 0);
    t.ok(Math.abs(gap - (swapped.gapsMs[index - 1] ?? 0)) <= 13.07, `reordered pause ${index}: ${gap.toFixed(2)} ms`);
  }
});

void t.test('pauses too short for a frame of overhead come out longer, never negative', async (t) => {
  const layout = input([1, 1, 1], { gapsMs: [5, 0], leadInMs: 0, leadOutMs: 0 });
  const slots = layoutChunks(layout);
  const { clips } = positions(layout, slots);
  slots.forEach((slot) => t.ok(slot.leadSamples >= 0));
  t.equal(clips.length, 3, 'every line is placed');
  t.ok(clips[0] !== undefined && clips[0].start >= 0, `the first line starts at or after the start (${clips[0]?.start} ms)`);
  for (let index = 1; index < clips.length; index++) t.ok((clips[index]?.start ?? 0) > (clips[index - 1]?.end ?? 0), 'lines never overlap');
});
