// A soak: 40 episodes through two media workers while workers are killed (SIGKILL) in the
// middle of renders and started again, as a supervisor would. The kills follow the run's
// own progress, not the clock, so the soak does what it says on a quick machine and a slow
// one alike: after each fifth of the episodes is ready, a worker is caught holding a
// render whose episode has lines voiced but is not ready yet, and killed. Every episode
// ends ready, none twice, and every kill is shown to have landed mid-render (the episode
// still not ready right after it; its render taken over by another worker).
import t from 'tap';
import { jobHolder, listenToProgress } from '#test-helpers/progress-listener';
import { startRoleProcess, type RoleProcess } from '#test-helpers/role-process';
import { creator, startTestApi } from '#test-helpers/test-api';
import { until } from '#test-helpers/until';
import { waitForEpisode } from '#test-helpers/wait-for-episode';

t.setTimeout(900_000);
const EPISODES = 40;
/** Kills, one after each fifth of the episodes is ready (the first once renders are under way). */
const KILLS = 4;
const LIVENESS = { WORKER_HEARTBEAT_MS: '500', WORKER_DEAD_AFTER_MS: '3000' };
/** generating_audio starts at 70 and moves a step per line voiced: above it, lines are voiced and more remain. */
const FIRST_LINE_VOICED = 70;

const api = await startTestApi(t, LIVENESS);
await api.startWorkers('general');
const { db } = api.database;
const progress = await listenToProgress(t, api.database.url);
const user = await creator(api, 'enterprise');
const mediaEnv = { DATABASE_URL: api.database.url, DATA_DIR: api.config.dataDir, ...LIVENESS };
const startMedia = () => startRoleProcess(t, ['worker', '--role', 'media'], mediaEnv);
const alive = (worker: RoleProcess) => worker.child.exitCode === null && worker.child.signalCode === null;

/** A live worker holding the render of an episode with lines voiced and not ready yet. */
async function caughtMidRender(workers: readonly RoleProcess[], ids: readonly string[]): Promise<{ id: string; worker: RoleProcess; percent: number } | undefined> {
  const rendering = await db.selectFrom('episodes').select(['id', 'progress_percent']).where('id', 'in', ids).where('status', '=', 'generating_audio').where('progress_percent', '>', FIRST_LINE_VOICED).execute();
  for (const { id, progress_percent: percent } of rendering) {
    const holder = await jobHolder(db, id, 'episode:render');
    const worker = workers.find((candidate) => candidate.pid === holder?.pid && alive(candidate));
    if (worker) return { id, worker, percent };
  }
  return undefined;
}

t.test(`${EPISODES} episodes while media workers are killed mid-render as the run progresses`, async (t) => {
  const workers: RoleProcess[] = [startMedia(), startMedia()];
  const retired: RoleProcess[] = [];
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
  const readyCount = () => ids.filter((id) => progress.count(id, 'ready') > 0).length;

  const kills: { id: string; percent: number; readyBefore: number; statusAfter: string }[] = [];
  const started = Date.now();
  try {
    for (let round = 0; round < KILLS; round++) {
      const due = Math.floor((round * EPISODES) / (KILLS + 1));
      await until(`${due} episodes ready before kill ${round + 1}`, async () => (readyCount() >= due ? true : undefined), 600_000, 50);
      // A render can end between the look and the kill; a kill that missed is tried again on another render.
      for (let tries = 0; tries < 5; tries++) {
        const caught = await until('a worker holding a render with lines voiced', () => caughtMidRender(workers, ids), 600_000, 20);
        caught.worker.signal('SIGKILL');
        await caught.worker.exited;
        // Read before anyone can take the render over (that waits for the dead-worker bound).
        const { status } = await db.selectFrom('episodes').select('status').where('id', '=', caught.id).executeTakeFirstOrThrow();
        const index = workers.indexOf(caught.worker);
        retired.push(caught.worker);
        workers[index] = startMedia();
        if (status === 'ready') continue;
        kills.push({ id: caught.id, percent: caught.percent, readyBefore: readyCount(), statusAfter: status });
        break;
      }
    }
    for (const id of ids) {
      const episode = await waitForEpisode(db, id, ['ready', 'error'], 600_000);
      t.equal(episode.status, 'ready', `${id} ${episode.error_message ?? ''}`);
    }
  } catch (error) {
    // What the fleet was doing when it got stuck, for whoever reads the failure.
    const states = await db.selectFrom('episodes').select(['id', 'status', 'progress_percent', 'render_attempt']).where('id', 'in', ids).execute();
    t.comment(JSON.stringify(states));
    for (const worker of [...retired, ...workers]) t.comment(JSON.stringify(worker.logs.slice(-15)));
    throw error;
  }
  t.comment(`${EPISODES} episodes ready in ${Math.round((Date.now() - started) / 1000)} s; kills: ${JSON.stringify(kills)}`);
  t.equal(kills.length, KILLS, `${KILLS} workers were killed mid-render, spread over the run`);
  for (const kill of kills) {
    t.equal(kill.statusAfter, 'generating_audio', `episode ${kill.id} was still being voiced when its worker died (${kill.percent} %, ${kill.readyBefore} of ${EPISODES} ready)`);
    const { render_attempt: attempt } = await db.selectFrom('episodes').select('render_attempt').where('id', '=', kill.id).executeTakeFirstOrThrow();
    t.ok(attempt >= 2, `episode ${kill.id}'s render was taken over by another worker (attempt ${attempt})`);
  }
  t.ok(new Set(kills.map((kill) => kill.readyBefore)).size > 1, 'the kills fell at different points of the run');
  for (const id of ids) await progress.arrived(id, 'ready');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  t.same(ids.filter((id) => progress.count(id, 'ready') !== 1), [], 'every episode became ready exactly once');
  for (const worker of workers) worker.signal('SIGTERM');
  await Promise.all(workers.map((worker) => worker.exited));
});
