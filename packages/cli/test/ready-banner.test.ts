// `castwright start` says where to go once every role is up: a banner with the api's
// address and /docs for a person at a terminal, one structured line for a log collector.
// On a terminal every log entry is one readable line led by its role.
import t from 'tap';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { CASTWRIGHT_BIN } from '#test-helpers/castwright-cli';
import { createTestDatabase } from '#test-helpers/test-database';
import { until } from '#test-helpers/until';

const database = await createTestDatabase(t);
const dataDir = await mkdtemp(path.join(tmpdir(), 'castwright-banner-'));
t.teardown(() => rm(dataDir, { recursive: true, force: true }));
const baseEnv: Record<string, string> = { ...(process.env as Record<string, string>), DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info' };
delete baseEnv.LOG_FORMAT;

/** Runs until `done` matches the output so far, then stops the service with SIGTERM. */
async function runUntil(child: ChildProcess, done: RegExp, timeoutMs = 120_000): Promise<string> {
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = once(child, 'exit');
  await until(`${done} in the output`, () => done.test(output) || child.exitCode !== null, timeoutMs);
  child.kill('SIGTERM');
  await exited;
  return stripVTControlCharacters(output);
}

t.test('on a terminal: one line per entry, then one banner with the address it bound', async (t) => {
  // util-linux `script` gives the command a pseudo-terminal.
  const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(CASTWRIGHT_BIN)} start`;
  const child = spawn('script', ['-qfec', command, '/dev/null'], { env: baseEnv, stdio: ['pipe', 'pipe', 'inherit'] });
  const output = await runUntil(child, /Ctrl-C stops every role/);
  const banner = /Castwright is ready\s+Studio\s+(https:\/\/127\.0\.0\.1:(\d+))\/\s+API\s+\1\/api\s+API docs\s+\1\/docs/.exec(output);
  t.ok(banner, 'the banner names the studio, the api and /docs');
  t.not(banner?.[2], '0', 'the port actually bound, not the one asked for');
  t.match(output, /self-signed: trust .*self-signed\.crt, or use curl -k/);
  t.equal(output.match(/Castwright is ready/g)?.length, 1, 'one banner');
  const logLines = output.split(/\r?\n/).filter((line) => /^\[\d\d:\d\d:\d\d\.\d{3}\]/.test(line));
  t.ok(logLines.some((line) => /INFO: api · api listening at https:/.test(line)), 'led by the role');
  t.ok(logLines.some((line) => /INFO: media-worker · /.test(line)));
  t.notMatch(output, /^\s+role: "/m, 'no entry spread over several lines');
  t.notMatch(output, /^\{"level"/m, 'no JSON');
});

t.test('through a pipe: JSON lines, and "castwright is ready" as one of them', async (t) => {
  const child = spawn(process.execPath, [CASTWRIGHT_BIN, 'start'], { env: baseEnv, stdio: ['ignore', 'pipe', 'inherit'] });
  const output = await runUntil(child, /"msg":"castwright is ready"/);
  const ready = output.split('\n').filter((line) => line.includes('"castwright is ready"')).map((line) => JSON.parse(line) as { apiUrl: string; docsUrl: string; studioUrl: string; role: string });
  t.equal(ready.length, 1);
  t.match(ready[0], { role: 'start', apiUrl: /^https:\/\/127\.0\.0\.1:[1-9]\d*$/ });
  t.equal(ready[0]?.docsUrl, `${ready[0]?.apiUrl}/docs`);
  t.equal(ready[0]?.studioUrl, `${ready[0]?.apiUrl}/`);
  t.notMatch(output, /Castwright is ready/, 'no banner for a collector');
});
