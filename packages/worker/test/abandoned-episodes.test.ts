// The safety net: an episode in a working state that no job will ever move on fails with
// a reason (and a progress event) instead of waiting forever; anything with a live job
// or a recent change is left alone.
import t from 'tap';
import { sql } from 'kysely';
import { loadConfig } from '@castwright/core/config';
import { addJob } from '@castwright/core/jobs';
import { createLogger } from '@castwright/core/logger';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';
import { createStorage } from '@castwright/core/storage/create-storage';
import { abandonedEpisodesTask } from '@castwright/worker/tasks/abandoned-episodes';
import type { WorkerContext } from '@castwright/worker/worker-context';
import type { JobHelpers } from 'graphile-worker';
import { listenToProgress } from '#test-helpers/progress-listener';
import { creator, startTestApi } from '#test-helpers/test-api';

const api = await startTestApi(t);
const progress = await listenToProgress(t, api.database.url);
const config = loadConfig({ DATABASE_URL: api.database.url, DATA_DIR: api.config.dataDir, LOG_LEVEL: 'silent' });
const context: WorkerContext = { config, db: api.database.db, storage: createStorage(config), logger: createLogger({ level: 'silent', role: 'test' }), shutdownSignal: new AbortController().signal };
const user = await creator(api);

async function episodeIn(status: string, quietMinutes: number): Promise<string> {
  const response = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content: 'Rivers carve valleys.', preset: 'quick' } });
  const id = ((await response.json()) as { episode: { id: string } }).episode.id;
  await sql`UPDATE episodes SET status = ${status}, updated_at = now() - make_interval(mins => ${quietMinutes}) WHERE id = ${id}`.execute(api.database.db);
  return id;
}
const exhaustJobs = (id: string) => sql`UPDATE graphile_worker._private_jobs SET attempts = max_attempts WHERE payload->>'episodeId' = ${id}`.execute(api.database.db);

t.test('only episodes without a live job, quiet for ten minutes, are failed', async (t) => {
  const abandoned = await episodeIn('generating_audio', 30);
  await exhaustJobs(abandoned);
  const recent = await episodeIn('generating_audio', 2);
  await exhaustJobs(recent);
  const withJob = await episodeIn('generating_audio', 30);
  await addJob(api.database.db, 'episode:render', { episodeId: withJob }, { account: user.userId, fair: true });
  const inReview = await episodeIn('review_script', 30);
  await exhaustJobs(inReview);

  await abandonedEpisodesTask(context)({}, {} as JobHelpers);
  t.match(await selectEpisodeById(api.database.db, abandoned), { status: 'error', error_message: /workers handling this episode failed repeatedly/ });
  t.equal(await progress.arrived(abandoned, 'error'), 1, 'streams and listeners are told');
  t.equal((await selectEpisodeById(api.database.db, recent))?.status, 'generating_audio', 'a recent change is left alone');
  t.equal((await selectEpisodeById(api.database.db, withJob))?.status, 'generating_audio', 'a job that can still run is left alone');
  t.equal((await selectEpisodeById(api.database.db, inReview))?.status, 'review_script', 'waiting for review is not abandoned');
});
