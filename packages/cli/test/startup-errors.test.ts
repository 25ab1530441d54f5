// What a user sees when a role cannot start: one line saying why and what to do, never
// a stack trace or `undefined`.
import t from 'tap';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCastwright } from '#test-helpers/castwright-cli';
import { freePort } from '#test-helpers/free-port';

t.test('a busy EMBEDDED_POSTGRES_PORT is named, with what to do', async (t) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'castwright-busy-port-'));
  const port = await freePort();
  const squatter = createServer().listen(port, '127.0.0.1');
  t.teardown(async () => {
    squatter.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const result = await runCastwright(['start'], { DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(port), DATABASE_URL: '' });
  t.equal(result.code, 1);
  t.match(result.stderr, new RegExp(`port ${port} on 127.0.0.1 is already in use.*EMBEDDED_POSTGRES_PORT`));
  t.notMatch(result.stderr, /undefined|\n\s+at /, 'no stack trace, no undefined');
});

for (const args of [['api'], ['worker', '--role', 'media']]) {
  t.test(`castwright ${args.join(' ')} without DATABASE_URL is a one-line configuration error`, async (t) => {
    const result = await runCastwright(args, { DATABASE_URL: '' });
    t.equal(result.code, 2);
    t.match(result.stderr.trim(), /^Invalid configuration: the .+ role needs DATABASE_URL/);
    t.equal(result.stderr.trim().split('\n').length, 1, 'one line');
  });
}
