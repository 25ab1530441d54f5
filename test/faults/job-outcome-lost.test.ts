// A media worker whose job runner cannot record a finished job's outcome, while another
// render is still in flight. graphile-worker 0.18 gives up on the first failed completion
// batch and starts a graceful shutdown of its pool, which waits for the renders in flight
// and, in CI after a database restart, was seen never to finish: a live, heartbeating process
// holding its jobs for good. The worker does not wait on that shutdown: it exits at
// `pool:fatalError`, cutting the other render off (the lines it voiced are kept in the
// segment store), so both jobs are released as a dead worker's and a fresh worker completes
// them: each episode ready once.
//
// The failure is made on purpose: a trigger refuses to delete the short render's job row,
// which is how graphile-worker marks a job complete (for real, PostgreSQL restarting just
// as a job ends; no test can time that exactly, `database-restart.test.ts` allows for it).
import t from 'tap';
import { sql } from 'kysely';
import { addJob } from '@castwright/core/jobs';
import { insertEpisodes } from '#test-helpers/episode-rows';
import { listenToProgress } from '#test-helpers/progress-listener';
import { startRoleProcess } from '#test-helpers/role-process';
import { creator, startTestApi } from '#test-helpers/test-api';
import { waitForEpisode } from '#test-helpers/wait-for-episode';
import { until } from '#test-helpers/until';

t.setTimeout(240_000);

const LIVENESS = { WORKER_HEARTBEAT_MS: '300', WORKER_DEAD_AFTER_MS: '2000' };
const api = await startTestApi(t, LIVENESS);
const { db } = api.database;
const progress = await listenToProgress(t, api.database.url);
const workerEnv = { DATABASE_URL: api.database.url, DATA_DIR: api.config.dataDir, MEDIA_CONCURRENCY: '2', ...LIVENESS };

const renderJobs = async (episodeIds: string[]) => (await sql<{ episode_id: string; locked_by: string | null }>`
  SELECT jobs.payload->>'episodeId' AS episode_id, jobs.locked_by
  FROM graphile_worker._private_jobs AS jobs JOIN graphile_worker._private_tasks AS tasks ON tasks.id = jobs.task_id
  WHERE tasks.identifier = 'episode:render' AND jobs.payload->>'episodeId' IN (${sql.join(episodeIds)})`.execute(db)).rows;
const statusOf = async (id: string) => (await db.selectFrom('episodes').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

/** A script of `lines` short lines: one takes the built-in voice a moment, forty take it many seconds. */
const script = (lines: number) => Array.from({ length: lines }, (_, n) => `[Host 1]: Line ${n + 1} of a script that is read out from start to finish.`).join('\n');

t.test('a worker that cannot record a finished job while another render runs exits; a fresh worker completes both once', async (t) => {
  const { userId } = await creator(api, 'enterprise');
  const waiting = { status: 'generating_script' as const, progress_percent: 30 };
  const [refused = ''] = await insertEpisodes(db, userId, 1, { ...waiting, script_text: script(1) });
  const [inFlight = ''] = await insertEpisodes(db, userId, 1, { ...waiting, script_text: script(40) });
  await sql`CREATE FUNCTION public.test_refuse_to_complete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'test: this job''s outcome cannot be recorded'; END $$`.execute(db);
  await sql`CREATE TRIGGER test_refuse_to_complete BEFORE DELETE ON graphile_worker._private_jobs FOR EACH ROW
    WHEN (OLD.payload->>'episodeId' = ${sql.lit(refused)}) EXECUTE FUNCTION public.test_refuse_to_complete()`.execute(db);
  await addJob(db, 'episode:render', { episodeId: refused }, { account: userId, fair: true });
  await addJob(db, 'episode:render', { episodeId: inFlight }, { account: userId, fair: true });

  const stuck = startRoleProcess(t, ['worker', '--role', 'media'], workerEnv);
  const exit = await Promise.race([stuck.exited, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 90_000))]);
  t.equal(exit?.code, 1, 'the worker exited with an error status (not still alive, holding its jobs)');
  t.ok(stuck.logs.some((line) => line.level === 60 && /the job runner stopped; exiting so a fresh worker starts/.test(String(line.msg))), 'it said why, as a fatal log line');
  t.equal(await statusOf(refused), 'ready', 'the short render itself had finished');
  t.equal(await statusOf(inFlight), 'generating_audio', 'the worker exited at the failure, not after its other render: that one was still being voiced');
  const held = await renderJobs([refused, inFlight]);
  t.equal(held.length, 2, 'both jobs are still queued');
  t.ok(held.every((job) => job.locked_by), 'held by the dead worker');

  await sql`DROP TRIGGER test_refuse_to_complete ON graphile_worker._private_jobs`.execute(db);
  await sql`DROP FUNCTION public.test_refuse_to_complete()`.execute(db);
  const fresh = startRoleProcess(t, ['worker', '--role', 'media'], workerEnv);
  await until('the released jobs to be done', async () => (await renderJobs([refused, inFlight])).length === 0, 240_000, 100).catch(() => undefined);
  t.same(await renderJobs([refused, inFlight]), [], 'a fresh worker took the released jobs over and completed them');
  t.equal((await waitForEpisode(db, inFlight, ['ready', 'error'])).status, 'ready', 'the cut-off render was made again, to the end');
  // No job left: a second ready could only be in transit, and the channel catches up first.
  await progress.caughtUp();
  t.equal(progress.count(refused, 'ready'), 1, 'the short episode became ready once, not again on its second run');
  t.equal(progress.count(inFlight, 'ready'), 1, 'the long one once');

  fresh.signal('SIGTERM');
  t.equal((await fresh.exited).code, 0, 'the fresh worker stops cleanly');
});
