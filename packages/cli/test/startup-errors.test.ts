// What a user sees when a role cannot start: one line saying why and what to do, never
// a stack trace or `undefined`.
import t from 'tap';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '#test-helpers/free-port';

const BIN = path.resolve(import.meta.dirname, '..', 'bin', 'castwright.js');

async function castwright(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...args], { env: { ...process.env, LOG_FORMAT: 'json', LOG_LEVEL: 'warn', ...env }, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

t.test('a busy EMBEDDED_POSTGRES_PORT is named, with what to do', async (t) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'castwright-busy-port-'));
  const port = await freePort();
  const squatter = createServer().listen(port, '127.0.0.1');
  t.teardown(async () => {
    squatter.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const result = await castwright(['migrate'], { DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(port), DATABASE_URL: '' });
  t.equal(result.code, 1);
  t.match(result.stderr, new RegExp(`port ${port} on 127.0.0.1 is already in use.*EMBEDDED_POSTGRES_PORT`));
  t.notMatch(result.stderr, /undefined|\n\s+at /, 'no stack trace, no undefined');
});

for (const args of [['api'], ['worker', '--role', 'media']]) {
  t.test(`castwright ${args.join(' ')} without DATABASE_URL is a one-line configuration error`, async (t) => {
    const result = await castwright(args, { DATABASE_URL: '' });
    t.equal(result.code, 2);
    t.match(result.stderr.trim(), /^Invalid configuration: the .+ role needs DATABASE_URL/);
    t.equal(result.stderr.trim().split('\n').length, 1, 'one line');
  });
}
