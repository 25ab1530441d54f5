// The mix as a plan and the bed's ducking curve, as arithmetic: which blocks an episode
// is made of with each part of a show, where its chapters start, how a long section is
// cut, and how the bed's gain follows the voices' envelope.
import t from 'tap';
import { duckingCurve, gainAt, HOLD_MS } from '@castwright/media/mix/bed-ducking';
import { BED_BLOCK_CHARACTERS, isPlainPlan, MIX_TIMING, planMix, type MixLine } from '@castwright/media/mix/mix-plan';
import { DEFAULT_PAUSES } from '@castwright/media/timeline';

const line = (speaker: string, section?: string, text = 'A line of the script.'): MixLine => ({ speaker, text, ...(section ? { section } : {}) });
const LINES = [line('Host 1', 'One'), line('Host 2'), line('Host 2'), line('Host 1', 'Two'), line('Host 2')];
const P = DEFAULT_PAUSES;

t.test('without parts: a block per line, with the pauses the speakers make', async (t) => {
  const plan = planMix(LINES, P);
  t.ok(isPlainPlan(plan));
  t.same(plan.blocks, [
    { kind: 'line', line: 0, pauseBeforeMs: P.leadInMs },
    { kind: 'line', line: 1, pauseBeforeMs: P.speakerChangeMs },
    { kind: 'line', line: 2, pauseBeforeMs: P.sameSpeakerMs },
    { kind: 'line', line: 3, pauseBeforeMs: P.speakerChangeMs },
    { kind: 'line', line: 4, pauseBeforeMs: P.speakerChangeMs },
  ]);
  t.same(plan.sectionStarts, [0, 3]);
  t.same(plan.sectionOfLine, [0, 0, 0, 1, 1]);
});

t.test('intro, stings and outro around the lines; chapters at the intro and the stings', async (t) => {
  const plan = planMix(LINES, P, { intro: true, outro: true, sting: true, bed: false });
  t.same(plan.blocks.map((block) => (block.kind === 'line' ? block.line : block.kind === 'part' ? block.part : 'bed')), ['intro', 0, 1, 2, 'sting', 3, 4, 'outro']);
  t.same(plan.blocks.map((block) => block.pauseBeforeMs), [0, MIX_TIMING.afterIntroMs, P.speakerChangeMs, P.sameSpeakerMs, P.speakerChangeMs, MIX_TIMING.aroundStingMs, P.speakerChangeMs, MIX_TIMING.beforeOutroMs]);
  t.same(plan.chapterBlocks, [0, 4], 'the first chapter opens with the intro, the second with its sting');
});

t.test('a bed: each section one block with the bed, its rise before and its swell after', async (t) => {
  const plan = planMix(LINES, P, { intro: false, outro: false, sting: false, bed: true });
  t.match(plan.blocks, [
    { kind: 'bed', section: 0, from: 0, to: 3, gapsMs: [P.speakerChangeMs, P.sameSpeakerMs], leadMs: MIX_TIMING.bedLeadMs, tailMs: MIX_TIMING.bedTailMs, pauseBeforeMs: P.leadInMs },
    { kind: 'bed', section: 1, from: 3, to: 5, gapsMs: [P.speakerChangeMs], pauseBeforeMs: MIX_TIMING.aroundStingMs },
  ]);
  t.same(plan.chapterBlocks, [0, 1]);
});

t.test('a section longer than a bed block is cut between two lines, the pause split across the cut', async (t) => {
  const long = Array.from({ length: 12 }, (_, index) => line(index % 2 ? 'Host 2' : 'Host 1', index === 0 ? 'Only' : undefined, 'x'.repeat(BED_BLOCK_CHARACTERS / 5)));
  const plan = planMix(long, P, { intro: false, outro: false, sting: false, bed: true });
  t.equal(plan.blocks.length, 3);
  const [first, second] = plan.blocks as [Extract<(typeof plan.blocks)[number], { kind: 'bed' }>, Extract<(typeof plan.blocks)[number], { kind: 'bed' }>];
  t.same([first.from, first.to, second.from, second.to], [0, 5, 5, 10]);
  t.equal(first.tailMs + second.pauseBeforeMs + second.leadMs, P.speakerChangeMs, 'the pause between the two lines, as it was');
  t.equal(first.leadMs, MIX_TIMING.bedLeadMs, 'the section still rises before its first line');
});

t.test("the bed's gain follows the voices: down before speech, held over breaths, up in pauses", async (t) => {
  const rate = 16_000;
  const ms = (value: number) => Math.round((value * rate) / 1000);
  // Speech from 1 s to 2 s, a 100 ms breath, 2.1 s to 3 s, then a long pause to 5 s.
  const voice = new Float32Array(ms(5000));
  for (const [from, to] of [[1000, 2000], [2100, 3000]] as const) for (let at = ms(from); at < ms(to); at++) voice[at] = 0.3 * Math.sin(at / 3);
  const curve = duckingCurve(voice, { sampleRate: rate, speechGainDb: -30, gapGainDb: -10, attackMs: 100, releaseMs: 400, threshold: 0.01 });
  const db = (atMs: number) => 20 * Math.log10(gainAt(curve, ms(atMs)));
  t.ok(Math.abs(db(500) + 10) < 0.01, 'up in the gap before speech');
  t.ok(Math.abs(db(1000) + 30) < 0.3, 'down when speech starts (it began dipping attackMs before)');
  t.ok(db(950) > -30 && db(950) < -10, 'on its way down just before');
  t.ok(Math.abs(db(2050) + 30) < 0.01, `held over a breath shorter than ${HOLD_MS} ms`);
  t.ok(Math.abs(db(3000 + HOLD_MS + 200) - -20) < 0.5, 'half way up half a release after the hold');
  t.ok(Math.abs(db(4500) + 10) < 0.01, 'fully up in the long pause');
});
