// `castwright start` keeps the service up: a role that dies is started again (with a
// logged backoff) while the others keep running; Ctrl-C still stops everything.
import t from 'tap';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '#test-helpers/free-port';
import { startRoleProcess } from '#test-helpers/role-process';
import { createTestDatabase } from '#test-helpers/test-database';

const database = await createTestDatabase(t);
const dataDir = await mkdtemp(path.join(tmpdir(), 'castwright-supervisor-'));
t.teardown(() => rm(dataDir, { recursive: true, force: true }));

t.test('a killed role is restarted; the others are untouched; SIGINT stops all with code 0', async (t) => {
  const service = startRoleProcess(t, ['start'], { DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: String(await freePort()) });
  const mediaStarted = (after: number) => (line: Record<string, unknown>) => line.role === 'media-worker' && line.msg === 'media worker started' && Number(line.time) > after;
  const apiStarted = await service.waitForLog((line) => line.role === 'api' && /^api listening/.test(String(line.msg)), 120_000);
  const first = await service.waitForLog(mediaStarted(0), 120_000);
  process.kill(Number(first.pid), 'SIGKILL');

  const restarting = await service.waitForLog((line) => line.msg === 'role exited unexpectedly; restarting it' && line.role === 'media-worker');
  t.match(restarting, { signal: 'SIGKILL', restartInMs: Number, crashesInARow: 1 }, 'the crash and the backoff are logged');
  const second = await service.waitForLog(mediaStarted(Number(first.time)));
  t.not(second.pid, first.pid, 'a new media worker process is running');
  t.equal(service.logs.filter((line) => line.role === 'api' && /^api listening/.test(String(line.msg))).length, 1, 'the api was not restarted');
  t.ok(apiStarted);
  t.equal(service.child.exitCode, null, 'castwright start is still running');

  service.signal('SIGINT');
  const exit = await service.exited;
  t.same(exit, { code: 0, signal: null }, 'Ctrl-C stops every role and exits cleanly');
  t.notOk(service.logs.some((line) => line.msg === 'role exited unexpectedly; restarting it' && Number(line.time) > Number(second.time)), 'nothing is restarted while stopping');
});
