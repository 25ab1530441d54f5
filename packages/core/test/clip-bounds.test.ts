// Where a clip begins and ends: snapped to whole transcript lines, within 90 s and the audio.
import t from 'tap';
import { AppError } from '@castwright/core/errors';
import { snapClipBounds } from '@castwright/core/video/clip-bounds';

// Ten lines of 12 s each (0–120 s), and one long line after them.
const lines = [
  ...Array.from({ length: 10 }, (_, n) => ({ startMs: n * 12_000, endMs: (n + 1) * 12_000 })),
  { startMs: 120_000, endMs: 220_000 },
];
const audioMs = 221_000;

t.test('the start moves to the nearest line start, the end to the nearest line end', async (t) => {
  t.same(snapClipBounds({ startMs: 13_000, endMs: 47_000 }, lines, audioMs), { startMs: 12_000, endMs: 48_000 });
  t.same(snapClipBounds({ startMs: 19_000, endMs: 40_000 }, lines, audioMs), { startMs: 24_000, endMs: 36_000 });
  t.same(snapClipBounds({ startMs: 0, endMs: 1_000 }, lines, audioMs), { startMs: 0, endMs: 12_000 }, 'at least one whole line');
});

t.test('lines that overlap: a clip neither starts nor ends where another line is being said', async (t) => {
  const talk = [
    { startMs: 0, endMs: 10_000 },
    { startMs: 4_000, endMs: 4_500 }, // a reaction under the first line
    { startMs: 10_400, endMs: 20_000 },
    { startMs: 19_700, endMs: 25_000 }, // a cut-in before the third line ends
    { startMs: 25_400, endMs: 30_000 },
  ];
  t.same(snapClipBounds({ startMs: 4_100, endMs: 4_400 }, talk, 30_000), { startMs: 0, endMs: 10_000 }, 'not at the reaction: the line it is said under');
  t.same(snapClipBounds({ startMs: 10_000, endMs: 20_100 }, talk, 30_000), { startMs: 10_400, endMs: 25_000 }, 'not where the cut-in already speaks: the end of the cut-in');
  t.same(snapClipBounds({ startMs: 19_800, endMs: 29_000 }, talk, 30_000), { startMs: 25_400, endMs: 30_000 }, 'nor at a cut-in, which starts over the end of the line before it');
});

t.test('snapping that would pass 90 s ends at the last whole line inside it', async (t) => {
  t.same(snapClipBounds({ startMs: 1_000, endMs: 91_000 }, lines, audioMs), { startMs: 0, endMs: 84_000 });
});

t.test('refusals: past the end, negative or empty, over 90 s, a line too long to clip', async (t) => {
  const refused = (asked: { startMs: number; endMs: number }, pattern: RegExp) => {
    try {
      snapClipBounds(asked, lines, audioMs);
      t.fail(`${JSON.stringify(asked)} was accepted`);
    } catch (error) {
      t.ok(error instanceof AppError && error.status === 400, `${JSON.stringify(asked)}: 400`);
      t.match((error as Error).message, pattern);
    }
  };
  refused({ startMs: 200_000, endMs: 230_000 }, /past the end of the episode/);
  refused({ startMs: 30_000, endMs: 20_000 }, /must end after it starts/);
  refused({ startMs: 30_000, endMs: 30_000 }, /must end after it starts/);
  refused({ startMs: 0, endMs: 90_001 }, /at most 90 s/);
  refused({ startMs: 119_000, endMs: 140_000 }, /alone is longer than 90 s/);
});
