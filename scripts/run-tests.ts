// `npm test`: type check, lint, declared dependencies against imports (knip), then the
// tap suite against a real PostgreSQL. `npm test -- --fast` does the same without the slow
// test files (scripts/test-lanes.ts); `npm test -- file…` runs only those files, no checks.
// Ends with the slowest test files, the run's time and `N passed, M failed`.
// The database server is DATABASE_URL's when given, else an embedded one started
// here; a template database is migrated once and each test file clones it, so
// files run in parallel without sharing state. Ends with `N passed, M failed`.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createLogger } from '@castwright/core/logger';
import { startEmbeddedDatabase } from '@castwright/cli/embedded-database';
import { migrateDatabase } from '@castwright/cli/migrate-database';
import { freePort } from '#test-helpers/free-port';
import { countTapResults, fileDurations } from './tap-summary.ts';
import { FAST_LANE_JOBS, fastLane, SLOW_FILES } from './test-lanes.ts';

const logger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'warn', role: 'test-runner' });
const startedAt = performance.now();
const fast = process.argv.includes('--fast');
const tapArgs = process.argv.slice(2).filter((arg) => arg !== '--fast');

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, onOutput?: (chunk: string) => void): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', onOutput ? 'pipe' : 'inherit', 'inherit'] });
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      process.stdout.write(chunk);
      onOutput?.(chunk);
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

const bin = (name: string) => path.join('node_modules', '.bin', name);
let passed = 0;
let failed = 0;

// Static checks count as one test each; a full run only (not when files are named).
if (tapArgs.length === 0) {
  const checks = [
    ['typecheck', bin('tsc'), ['-p', 'tsconfig.json']],
    // The studio's pages are browser code (DOM types, TSX): their own project.
    ['typecheck studio', bin('tsc'), ['-p', 'packages/studio/tsconfig.json']],
    ['lint', bin('eslint'), ['.']],
    ['dependencies match imports', bin('knip'), ['--no-progress']],
  ] as const;
  for (const [label, command, args] of checks) {
    console.log(`# ${label}`);
    const ok = (await run(command, [...args])) === 0;
    console.log(`${ok ? 'ok' : 'not ok'} - ${label}`);
    if (ok) passed++;
    else failed++;
  }
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'castwright-test-db-'));
let adminUrl: string;
let stopServer = async () => undefined as unknown as void;
if (process.env.DATABASE_URL) {
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = '/postgres';
  adminUrl = url.toString();
} else {
  const server = await startEmbeddedDatabase({ dataDir, port: await freePort(), logger, database: 'postgres' });
  adminUrl = server.adminUrl;
  stopServer = () => server.stop();
}

const template = `castwright_template_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${template}`);
const templateUrl = new URL(adminUrl);
templateUrl.pathname = `/${template}`;
await migrateDatabase(templateUrl.toString(), logger);

// tap compiles its plugin set from package.json's `tap` config; a fresh install still has
// the default set (with its own TypeScript loader), so build it before the run.
// CASTWRIGHT_SKIP_TAP_BUILD=1 skips it when a build is known to be current (two
// builds at once in one checkout race on tap's generated files).
if (process.env.CASTWRIGHT_SKIP_TAP_BUILD !== '1') await run(bin('tap'), ['build'], process.env, () => undefined);

let output = '';
let files: string[] = [];
let laneArgs: string[] = [];
if (fast) {
  const { tap } = JSON.parse(await readFile('package.json', 'utf8')) as { tap: { include: string[] } };
  files = fastLane(tap.include);
  // tap runs one file at a time on two CPUs (it leaves one free); the fast lane's files mostly
  // wait on PostgreSQL, workers and sockets, so four at a time use the machine without starving it.
  laneArgs = tapArgs.some((arg) => /^(-j|--jobs)/.test(arg)) ? [] : [`--jobs=${FAST_LANE_JOBS}`];
  console.log(`# fast lane: ${files.length} test files${laneArgs.length > 0 ? `, ${FAST_LANE_JOBS} at a time` : ''}; left out: ${SLOW_FILES.map(({ pattern, why }) => `${pattern} (${why})`).join('; ')}`);
}
const tapCode = await run(
  bin('tap'),
  ['--reporter=tap', ...laneArgs, ...tapArgs, ...files],
  { ...process.env, CASTWRIGHT_TEST_ADMIN_URL: adminUrl, CASTWRIGHT_TEST_TEMPLATE: template, DATABASE_URL: '' },
  (chunk) => (output += chunk),
);
const counts = countTapResults(output);
passed += counts.passed;
failed += counts.failed;
if (tapCode !== 0 && counts.failed === 0) failed++; // tap failed in a way no test point shows

await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => undefined);
await admin.end();
await stopServer();
await rm(dataDir, { recursive: true, force: true });

const slowest = fileDurations(output).slice(0, 10);
if (slowest.length > 0) {
  console.log('# slowest test files');
  for (const { file, ms } of slowest) console.log(`#   ${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
}
console.log(`# the run took ${((performance.now() - startedAt) / 60_000).toFixed(1)} minutes${fast ? ' (fast lane)' : ''}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
