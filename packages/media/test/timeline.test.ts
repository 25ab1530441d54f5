import t from 'tap';
import { fadeEdges, trimSilence } from '@castwright/media/clip-edges';
import { TimelineBuilder } from '@castwright/media/timeline';
import type { SampleSink } from '@castwright/media/timeline';

/** Collects everything written, in order. */
class MemorySink implements SampleSink {
  chunks: Float32Array[] = [];
  async write(samples: Float32Array) {
    this.chunks.push(samples.slice());
  }
  async writeSilence(frames: number) {
    this.chunks.push(new Float32Array(frames));
  }
  all(): Float32Array {
    const out = new Float32Array(this.chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    let at = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }
}

const clip = (length: number, value: number) => new Float32Array(length).fill(value);

void t.test('places clips with lead-in, per-speaker pauses and lead-out', async (t) => {
  const sink = new MemorySink();
  const rate = 1_000; // 1 sample per ms keeps the arithmetic readable
  const timeline = new TimelineBuilder(sink, rate, { leadInMs: 300, leadOutMs: 200, sameSpeakerMs: 250, speakerChangeMs: 450 });
  const a = await timeline.add('Host 1', clip(100, 0.1));
  const b = await timeline.add('Host 2', clip(50, 0.2));
  const c = await timeline.add('Host 2', clip(70, 0.3));
  const total = await timeline.finish();
  t.same(a, { startSample: 300, endSample: 400 });
  t.same(b, { startSample: 850, endSample: 900 }, '450 ms at the change of speaker');
  t.same(c, { startSample: 1_150, endSample: 1_220 }, '250 ms when the same speaker goes on');
  t.equal(total, 1_420);
  const written = sink.all();
  t.equal(written.length, total, 'positions count exactly what was written');
  t.equal(written[299], 0);
  t.equal(written[300], Math.fround(0.1));
  t.equal(written[849], 0);
  t.equal(written[850], Math.fround(0.2));
  t.equal(written[1_219], Math.fround(0.3));
  t.equal(written[1_220], 0);
  await t.rejects(timeline.add('Host 1', clip(1, 1)), { message: /already finished/ });
});

void t.test('trimSilence cuts engine padding but keeps a margin before and after speech', async (t) => {
  const rate = 1_000;
  const samples = new Float32Array(1_000);
  samples.fill(0.0001, 0, 200); // padding noise well under the threshold
  for (let i = 200; i < 700; i++) samples[i] = i % 2 ? 0.5 : -0.5;
  const trimmed = trimSilence(samples, rate, { marginMs: 15 });
  t.equal(trimmed.length, 500 + 30);
  t.equal(trimmed[15], -0.5, 'speech starts after the 15 ms margin');
  const silent = new Float32Array(100);
  t.equal(trimSilence(silent, rate), silent, 'an all-quiet clip is left alone');
});

void t.test('fadeEdges ramps both ends and leaves the middle alone', async (t) => {
  const rate = 1_000;
  const samples = fadeEdges(clip(100, 1), rate, 10);
  t.ok((samples[0] as number) < 0.05 && (samples[99] as number) < 0.05, 'edges start near zero');
  t.ok((samples[4] as number) < (samples[8] as number), 'rising');
  t.equal(samples[0], samples[99], 'symmetric');
  t.equal(samples[50], 1);
  t.equal(samples[10], 1);
  t.same(Array.from(fadeEdges(clip(3, 1), rate, 10)).length, 3, 'clips shorter than two fades still work');
});
