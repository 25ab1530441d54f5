// A soak: 40 episodes through two media workers while one of them is killed (SIGKILL)
// every 20 seconds and started again. Every episode ends ready, and none twice.
import t from 'tap';
import { listenToProgress } from '#test-helpers/progress-listener';
import { startRoleProcess, type RoleProcess } from '#test-helpers/role-process';
import { creator, startTestApi } from '#test-helpers/test-api';
import { waitForEpisode } from '#test-helpers/wait-for-episode';

t.setTimeout(900_000);
const EPISODES = 40;
const KILL_EVERY_MS = 20_000;
const LIVENESS = { WORKER_HEARTBEAT_MS: '500', WORKER_DEAD_AFTER_MS: '3000' };

const api = await startTestApi(t, LIVENESS);
await api.startWorkers('general');
const progress = await listenToProgress(t, api.database.url);
const user = await creator(api, 'enterprise');
const mediaEnv = { DATABASE_URL: api.database.url, DATA_DIR: api.config.dataDir, ...LIVENESS };
const startMedia = () => startRoleProcess(t, ['worker', '--role', 'media'], mediaEnv);

t.test(`${EPISODES} episodes while a media worker is killed every ${KILL_EVERY_MS / 1000} s`, async (t) => {
  const workers: RoleProcess[] = [startMedia(), startMedia()];
  const ids: string[] = [];
  for (let n = 0; n < EPISODES; n++) {
    const response = await api.request('/api/episodes', {
      method: 'POST',
      token: user.accessToken,
      json: { content: `Soak episode ${n}. Rivers carve valleys over millions of years. Each flood moves a little more rock downstream.`, preset: 'quick' },
    });
    t.equal(response.status, 202);
    ids.push(((await response.json()) as { episode: { id: string } }).episode.id);
  }

  let kills = 0;
  const retired: RoleProcess[] = [];
  const killer = setInterval(() => {
    const index = kills % workers.length;
    workers[index]?.signal('SIGKILL');
    if (workers[index]) retired.push(workers[index]);
    workers[index] = startMedia();
    kills += 1;
  }, KILL_EVERY_MS);
  const started = Date.now();
  try {
    for (const id of ids) {
      const episode = await waitForEpisode(api.database.db, id, ['ready', 'error'], 600_000);
      t.equal(episode.status, 'ready', `${id} ${episode.error_message ?? ''}`);
    }
  } catch (error) {
    // What the fleet was doing when it got stuck, for whoever reads the failure.
    const states = await api.database.db.selectFrom('episodes').select(['id', 'status', 'progress_percent', 'render_attempt']).where('id', 'in', ids).execute();
    t.comment(JSON.stringify(states));
    for (const worker of [...retired, ...workers]) t.comment(JSON.stringify(worker.logs.slice(-15)));
    throw error;
  } finally {
    clearInterval(killer);
  }
  t.comment(`${EPISODES} episodes ready in ${Math.round((Date.now() - started) / 1000)} s with ${kills} worker kills`);
  t.ok(kills >= 1, 'workers were killed during the run');
  for (const id of ids) await progress.arrived(id, 'ready');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  t.same(ids.filter((id) => progress.count(id, 'ready') !== 1), [], 'every episode became ready exactly once');
  for (const worker of workers) worker.signal('SIGTERM');
  await Promise.all(workers.map((worker) => worker.exited));
});
