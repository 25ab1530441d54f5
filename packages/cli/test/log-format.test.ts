// Logs are for people in a terminal and for collectors elsewhere: pino-pretty lines when
// stdout is a TTY, JSON lines otherwise, and LOG_FORMAT decides when set.
import t from 'tap';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase } from '#test-helpers/test-database';

const BIN = path.resolve(import.meta.dirname, '..', 'bin', 'castwright.js');
const database = await createTestDatabase(t);
const run = promisify(execFile);
const baseEnv = { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'info' };

t.test('LOG_FORMAT=json: every line is a JSON object with the role', async (t) => {
  const { stdout } = await run(process.execPath, [BIN, 'migrate'], { env: { ...baseEnv, LOG_FORMAT: 'json' } });
  const lines = stdout.trim().split('\n');
  t.ok(lines.length > 0);
  for (const line of lines) t.match(JSON.parse(line), { role: 'migrate', msg: String });
  t.ok(lines.some((line) => (JSON.parse(line) as { msg: string }).msg === 'schema is up to date'));
});

t.test('LOG_FORMAT=pretty: readable lines, no JSON', async (t) => {
  const { stdout } = await run(process.execPath, [BIN, 'migrate'], { env: { ...baseEnv, LOG_FORMAT: 'pretty' } });
  t.match(stdout, /\d\d:\d\d:\d\d\.\d{3}.*INFO.*schema is up to date/);
  t.notMatch(stdout, /^\{/m);
});

t.test('unset: pretty in a terminal, JSON through a pipe', async (t) => {
  const env: Record<string, string | undefined> = { ...baseEnv };
  delete env.LOG_FORMAT;
  const piped = await run(process.execPath, [BIN, 'migrate'], { env });
  t.match(piped.stdout, /^\{"level":30/m, 'a pipe gets JSON');
  // util-linux `script` runs the command on a pseudo-terminal.
  const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} migrate`;
  const terminal = await run('script', ['-qec', command, '/dev/null'], { env });
  t.match(terminal.stdout, /INFO.*schema is up to date/, 'a terminal gets pretty lines');
  t.notMatch(terminal.stdout, /"level":30/);
});
