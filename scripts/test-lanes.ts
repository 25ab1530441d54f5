// Which test files `npm test -- --fast` leaves out, and why: the slow ones, by what makes
// them slow (fault injection on real processes, browsers, long renders, whole-service
// runs). Everything else is the fast lane; `npm test` and CI run every file. A file belongs
// here when a quiet run of the fast lane shows it among the slowest and it is slow by
// nature, not by a wait that should be a condition (see test/helpers/until.ts).
import { globSync } from 'node:fs';

export const SLOW_FILES: readonly { pattern: string; why: string }[] = [
  { pattern: 'test/faults/*.test.ts', why: 'faults: real processes killed, databases restarted, the soak' },
  { pattern: 'test/studio*.test.ts', why: 'browsers: Chromium driving the studio' },
  { pattern: 'test/e2e.test.ts', why: 'the whole service under `castwright start`' },
  { pattern: 'packages/worker/test/episode-length.test.ts', why: 'long renders: 5, 10 and 30 minutes through the workers' },
  { pattern: 'packages/worker/test/built-in-writer-audio.test.ts', why: 'long renders: the writer corpus voiced' },
  { pattern: 'packages/worker/test/built-in-writer.test.ts', why: 'long scripts: the handbook at up to 60 minutes' },
  { pattern: 'packages/media/test/render-long-episode.test.ts', why: 'long renders: a 30-minute timeline mixed and mastered' },
];

/** Test files the fast lane runs at once (tap's default on two CPUs is one). */
export const FAST_LANE_JOBS = 4;

/** The test files tap's `include` globs find (package.json), in order. */
export function allTestFiles(include: readonly string[]): string[] {
  return [...new Set(include.flatMap((pattern) => globSync(pattern)))].sort();
}

/** The files of the fast lane: every test file but the slow ones. */
export function fastLane(include: readonly string[]): string[] {
  const slow = new Set(SLOW_FILES.flatMap(({ pattern }) => globSync(pattern)));
  return allTestFiles(include).filter((file) => !slow.has(file));
}
