// The voicing slots a media worker shares between its renders: never more work at once
// than the pool has slots, a freed slot to the waiting render that holds the fewest (and
// between equals, the one served longest ago), waits that an abort ends. Work here is a
// promise the test settles itself, so every step is decided by the test, not the clock.
import t from 'tap';
import { CUDA_DEFAULT_SLOTS, cpuCores, defaultSlots, VoicingSlots, type VoicingLane } from '@castwright/media/voicing-slots';

interface Job {
  name: string;
  finish(): void;
}

/** Runs named work on `lane` that lasts until the test finishes it; `started` records the order slots were given. */
function workOn(lane: VoicingLane, name: string, started: Job[], signal?: AbortSignal): Promise<void> {
  return lane.run(
    () =>
      new Promise<void>((resolve) => {
        started.push({ name, finish: resolve });
      }),
    signal,
  );
}

/** Lets every promise settled so far run its continuations. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

void t.test('never more work at once than slots, and every slot used', async (t) => {
  const slots = new VoicingSlots(3);
  const lane = slots.lane();
  t.equal(lane.size, 3);
  let running = 0;
  let most = 0;
  const jobs = Array.from({ length: 40 }, (_, index) =>
    lane.run(async () => {
      most = Math.max(most, ++running);
      await settle();
      running--;
      return index;
    }),
  );
  t.same(await Promise.all(jobs), Array.from({ length: 40 }, (_, index) => index), 'every result, each to its caller');
  t.equal(most, 3, 'three at once, never more');
  t.equal(slots.busy, 0, 'all slots free afterwards');
});

void t.test('a freed slot goes to the waiting render that holds the fewest', async (t) => {
  const slots = new VoicingSlots(4);
  const first = slots.lane();
  const second = slots.lane();
  const started: Job[] = [];
  const firstWork = Array.from({ length: 8 }, (_, index) => workOn(first, `a${index}`, started));
  await settle();
  t.same(started.map((job) => job.name), ['a0', 'a1', 'a2', 'a3'], 'a render alone holds every slot');
  const secondWork = Array.from({ length: 8 }, (_, index) => workOn(second, `b${index}`, started));
  await settle();
  t.equal(started.length, 4, 'the second render waits for a slot to come free');

  // The first render's lines end one by one: the second takes slots until both hold two.
  for (const job of started.slice(0, 2)) job.finish();
  await settle();
  t.same(started.slice(4).map((job) => job.name), ['b0', 'b1'], 'the first two freed slots go to the render holding none');
  // Two against two: each finished line is replaced from its own render.
  started[2]?.finish();
  await settle();
  t.equal(started[6]?.name, 'a4', 'a line of the first render ends: its next line takes the slot');
  started[4]?.finish();
  await settle();
  t.equal(started[7]?.name, 'b2', 'a line of the second ends: its next line takes the slot');
  t.equal(slots.busy, 4);

  // Let everything finish.
  while (started.length < 16) {
    for (const job of started) job.finish();
    await settle();
  }
  for (const job of started) job.finish();
  await Promise.all([...firstWork, ...secondWork]);
  t.equal(started.length, 16);
  t.equal(slots.busy, 0);
});

void t.test('between renders holding as many, slots go round in turn', async (t) => {
  const slots = new VoicingSlots(1);
  const started: Job[] = [];
  const lanes = ['a', 'b', 'c'].map((name) => ({ name, lane: slots.lane() }));
  const work = lanes.flatMap(({ name, lane }) => [0, 1].map((index) => workOn(lane, `${name}${index}`, started)));
  for (let step = 0; step < 6; step++) {
    await settle();
    started[step]?.finish();
  }
  await Promise.all(work);
  t.same(started.map((job) => job.name), ['a0', 'b0', 'c0', 'a1', 'b1', 'c1']);
});

void t.test('an abort while waiting rejects and takes no slot; one while working is the work’s own', async (t) => {
  const slots = new VoicingSlots(1);
  const lane = slots.lane();
  const started: Job[] = [];
  const holding = workOn(lane, 'holding', started);
  const controller = new AbortController();
  const waiting = workOn(lane, 'waiting', started, controller.signal);
  const after = workOn(lane, 'after', started);
  await settle();
  controller.abort();
  await t.rejects(waiting, { name: 'AbortError' });
  await t.rejects(workOn(lane, 'too late', started, controller.signal), { name: 'AbortError' }, 'an aborted signal takes no turn at all');
  started[0]?.finish();
  await holding;
  await settle();
  t.same(started.map((job) => job.name), ['holding', 'after'], 'the aborted request never ran');
  started[1]?.finish();
  await after;
  t.equal(slots.busy, 0);
  await t.rejects(lane.run(() => Promise.reject(new Error('engine failed'))), { message: 'engine failed' });
  t.equal(slots.busy, 0, 'a failed call frees its slot');
});

void t.test('sizes and defaults', async (t) => {
  t.throws(() => new VoicingSlots(0), RangeError);
  t.throws(() => new VoicingSlots(1.5), RangeError);
  t.equal(defaultSlots('cpu'), cpuCores(), 'CPU: one slot per core');
  t.equal(defaultSlots('cuda'), CUDA_DEFAULT_SLOTS);
  t.equal(CUDA_DEFAULT_SLOTS, 4, 'the H200 figures: four streams give 330 of the 335 audio seconds a second that sixteen give');
});
