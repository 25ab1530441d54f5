// A media worker whose job runner cannot record a finished job's outcome: graphile-worker
// 0.18 gives up on the first failed completion batch and shuts its pool down. The worker
// process must then exit (it does so at `pool:fatalError`, because with jobs still in flight,
// as when PostgreSQL restarts under a busy worker, that shutdown can wait for good while the
// process heartbeats on), so its job is released as a dead worker's and a fresh worker
// completes it; the episode becomes ready once.
//
// The failure is made on purpose: a trigger refuses to delete this one job's row, which is
// how graphile-worker marks a job complete. (A database restart that lands exactly on a
// completion cannot be timed by a test; `database-restart.test.ts` allows for it.)
import t from 'tap';
import { sql } from 'kysely';
import { addJob } from '@castwright/core/jobs';
import { insertEpisodes } from '#test-helpers/episode-rows';
import { listenToProgress } from '#test-helpers/progress-listener';
import { startRoleProcess } from '#test-helpers/role-process';
import { creator, startTestApi } from '#test-helpers/test-api';
import { waitForEpisode } from '#test-helpers/wait-for-episode';

t.setTimeout(180_000);

const LIVENESS = { WORKER_HEARTBEAT_MS: '300', WORKER_DEAD_AFTER_MS: '2000' };
const api = await startTestApi(t, LIVENESS);
const { db } = api.database;
const progress = await listenToProgress(t, api.database.url);
const workerEnv = { DATABASE_URL: api.database.url, DATA_DIR: api.config.dataDir, ...LIVENESS };

const renderJobs = async (episodeId: string) => (await sql<{ locked_by: string | null }>`
  SELECT jobs.locked_by FROM graphile_worker._private_jobs AS jobs JOIN graphile_worker._private_tasks AS tasks ON tasks.id = jobs.task_id
  WHERE tasks.identifier = 'episode:render' AND jobs.payload->>'episodeId' = ${episodeId}`.execute(db)).rows;

t.test('a worker that cannot record a finished job exits, and a fresh worker completes the job once', async (t) => {
  const { userId } = await creator(api);
  const [episodeId = ''] = await insertEpisodes(db, userId, 1, { status: 'generating_script', progress_percent: 30, script_text: '[Host 1]: A short line for a quick render.' });
  await sql`CREATE OR REPLACE FUNCTION public.test_refuse_to_complete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'test: this job''s outcome cannot be recorded'; END $$`.execute(db);
  await sql`CREATE TRIGGER test_refuse_to_complete BEFORE DELETE ON graphile_worker._private_jobs FOR EACH ROW
    WHEN (OLD.payload->>'episodeId' = ${sql.lit(episodeId)}) EXECUTE FUNCTION public.test_refuse_to_complete()`.execute(db);
  await addJob(db, 'episode:render', { episodeId }, { account: userId });

  const stuck = startRoleProcess(t, ['worker', '--role', 'media'], workerEnv);
  const exit = await Promise.race([stuck.exited, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 60_000))]);
  t.equal(exit?.code, 1, 'the worker exited with an error status (not still alive a minute later, holding its job)');
  t.ok(stuck.logs.some((line) => line.level === 60 && /the job runner stopped; exiting so a fresh worker starts/.test(String(line.msg))), 'it said why, as a fatal log line');
  t.equal((await waitForEpisode(db, episodeId, ['ready', 'error'])).status, 'ready', 'the render itself had finished');
  t.equal((await renderJobs(episodeId)).length, 1, 'its job is still queued, held by the dead worker');
  t.ok((await renderJobs(episodeId))[0]?.locked_by, 'locked');

  await sql`DROP TRIGGER test_refuse_to_complete ON graphile_worker._private_jobs`.execute(db);
  await sql`DROP FUNCTION public.test_refuse_to_complete()`.execute(db);
  const fresh = startRoleProcess(t, ['worker', '--role', 'media'], workerEnv);
  for (const deadline = Date.now() + 60_000; (await renderJobs(episodeId)).length > 0 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 100));
  t.same(await renderJobs(episodeId), [], 'a fresh worker took the released job over and completed it');
  await new Promise((resolve) => setTimeout(resolve, 500));
  t.equal(progress.count(episodeId, 'ready'), 1, 'the episode became ready once, not again on the second run');
  t.equal((await waitForEpisode(db, episodeId, ['ready', 'error'])).status, 'ready', 'and is ready');

  fresh.signal('SIGTERM');
  t.equal((await fresh.exited).code, 0, 'the fresh worker stops cleanly');
});
