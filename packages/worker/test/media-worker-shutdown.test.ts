// SIGTERM to a real `castwright worker --role media` process in the middle of a
// render: within its grace period the render finishes; past it the render is
// aborted and queued afresh for another worker, and the episode is never failed.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import t from 'tap';
import { sql } from 'kysely';
import { updateUserTier } from '@castwright/core/repositories/users';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';
import { registerUser, startTestApi, type TestApi } from '#test-helpers/test-api';
import { waitForEpisode } from '#test-helpers/wait-for-episode';
import { readFixture } from '#test-helpers/fixtures';
import { until } from '#test-helpers/until';

const article = await readFixture('lighthouses.txt');

function startMediaWorker(api: TestApi, graceMs: number): ChildProcess {
  const child = spawn(process.execPath, ['packages/cli/bin/castwright.js', 'worker', '--role', 'media'], {
    env: {
      ...process.env,
      DATABASE_URL: api.database.url,
      DATA_DIR: api.config.dataDir,
      RENDER_SHUTDOWN_GRACE_MS: String(graceMs),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function renderingEpisode(api: TestApi, token: string, preset: string): Promise<string> {
  const response = await api.request('/api/episodes', { method: 'POST', token, json: { preset, content: article, hostMode: 'multi' } });
  if (response.status !== 202) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  const { episode } = (await response.json()) as { episode: { id: string } };
  // Wait until some lines are voiced, so the signal lands in the middle of the render.
  return until('some lines voiced', async () => {
    const row = await selectEpisodeById(api.database.db, episode.id);
    if (row?.status === 'ready' || row?.status === 'error') throw new Error(`episode finished before the signal: ${row.status}`);
    return row?.status === 'generating_audio' && row.progress_percent > 70 ? episode.id : undefined;
  }, 120_000, 50);
}

async function pendingRenderJobs(api: TestApi, id: string) {
  const result = await sql<{ attempts: number; locked: boolean }>`
    SELECT job.attempts, job.locked_at IS NOT NULL AS locked
    FROM graphile_worker._private_jobs job JOIN graphile_worker._private_tasks task ON task.id = job.task_id
    WHERE task.identifier = 'episode:render' AND job.payload->>'episodeId' = ${id}`.execute(api.database.db);
  return result.rows;
}

const api = await startTestApi(t);
await api.startWorkers('general');
const user = await registerUser(api);
await updateUserTier(api.database.db, user.email, 'creator');

t.test('past the grace period the render is aborted and re-queued, not failed', async (t) => {
  const worker = startMediaWorker(api, 300);
  const id = await renderingEpisode(api, user.accessToken, 'standard');
  const exited = once(worker, 'exit');
  worker.kill('SIGTERM');
  const [code] = (await exited) as [number | null];
  t.equal(code, 0, 'clean exit');

  const episode = await selectEpisodeById(api.database.db, id);
  t.equal(episode?.status, 'generating_audio', 'not failed, not half-published');
  t.same(await pendingRenderJobs(api, id), [{ attempts: 0, locked: false }], 'a fresh render job waits, with every attempt left');

  // Another media worker takes it over and finishes the episode.
  await api.startWorkers('media');
  const done = await waitForEpisode(api.database.db, id, ['ready', 'error'], 120_000);
  t.equal(done.status, 'ready', done.error_message ?? '');
});

t.test('within the grace period the render finishes before the process exits', async (t) => {
  // The in-process media worker from the previous test would compete for the job.
  const fresh = await startTestApi(t);
  await fresh.startWorkers('general');
  const owner = await registerUser(fresh);
  const worker = startMediaWorker(fresh, 120_000);
  const id = await renderingEpisode(fresh, owner.accessToken, 'quick');
  const exited = once(worker, 'exit');
  worker.kill('SIGTERM');
  const [code] = (await exited) as [number | null];
  t.equal(code, 0);
  const episode = await selectEpisodeById(fresh.database.db, id);
  t.equal(episode?.status, 'ready', 'finished before exiting');
  t.same(await pendingRenderJobs(fresh, id), [], 'nothing left in the queue');
});
