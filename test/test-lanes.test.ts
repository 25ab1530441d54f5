// The runner's own bookkeeping: the fast lane leaves out exactly the slow files (and every
// slow pattern still names a file, so a renamed slow test cannot slip into the fast lane
// unnoticed), and the per-file durations and counts are read from tap's real output shape.
import t from 'tap';
import { globSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { countTapResults, fileDurations } from '../scripts/tap-summary.ts';
import { allTestFiles, fastLane, SLOW_FILES } from '../scripts/test-lanes.ts';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const { tap } = JSON.parse(await readFile('package.json', 'utf8')) as { tap: { include: string[] } };

t.test('the fast lane is every test file but the slow ones', async (t) => {
  const all = allTestFiles(tap.include);
  const fast = fastLane(tap.include);
  const slow = SLOW_FILES.flatMap(({ pattern }) => globSync(pattern));
  for (const { pattern } of SLOW_FILES) t.ok(globSync(pattern).length > 0, `${pattern} names a test file`);
  t.same([...fast, ...slow].sort(), [...all].sort(), 'together they are the whole suite, each file once');
  t.notOk(fast.some((file) => slow.includes(file)), 'no slow file in the fast lane');
  t.ok(fast.includes('test/test-lanes.test.ts'), 'this file runs in the fast lane');
  t.ok(slow.includes('test/faults/soak.test.ts'), 'the soak test is slow');
});

t.test('durations and counts come from tap output', async (t) => {
  const output = [
    'TAP version 14',
    '# Subtest: packages/a/test/quick.test.ts',
    '    ok 1 - one # time=3ms',
    '    1..1',
    'ok 1 - packages/a/test/quick.test.ts # time=1200.5ms',
    '# Subtest: test/slow.test.ts',
    '    ok 1 - two # time=3ms',
    '    not ok 2 - three # time=3ms',
    '    1..2',
    'not ok 2 - test/slow.test.ts # time=65000ms',
    'not ok 3 - test/crashed.test.ts # time=10.25ms',
  ].join('\n');
  t.same(fileDurations(output), [
    { file: 'test/slow.test.ts', ms: 65000 },
    { file: 'packages/a/test/quick.test.ts', ms: 1200.5 },
    { file: 'test/crashed.test.ts', ms: 10.25 },
  ]);
  t.same(countTapResults(output), { passed: 2, failed: 2 }, 'named tests count, and a file that failed without any counts once');
});
