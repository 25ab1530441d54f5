// Fair scheduling with real worker processes: an enterprise account's backlog is queued
// first, three smaller accounts (free, creator, professional) queue after it, then two
// media workers (`castwright worker --role media`) start on the lot. The small accounts'
// renders start while most of the backlog still waits; one worker is killed with SIGKILL in
// the middle of a render and replaced, as a supervisor would; every episode ends ready
// exactly once, the heavy account's included, and no job is left behind.
import t from 'tap';
import { sql } from 'kysely';
import { addJob } from '@castwright/core/jobs';
import { insertEpisodes } from '#test-helpers/episode-rows';
import { jobHolder, listenToProgress } from '#test-helpers/progress-listener';
import { startRoleProcess, type RoleProcess } from '#test-helpers/role-process';
import { creator, startTestApi } from '#test-helpers/test-api';
import { waitForEpisode } from '#test-helpers/wait-for-episode';
import { until } from '#test-helpers/until';

t.setTimeout(300_000);

const LIVENESS = { WORKER_HEARTBEAT_MS: '300', WORKER_DEAD_AFTER_MS: '2000' };
const HEAVY_EPISODES = 14;
const LIGHT_EPISODES = 2;

const api = await startTestApi(t, LIVENESS);
const { db } = api.database;
const progress = await listenToProgress(t, api.database.url);
const workerEnv = { DATABASE_URL: api.database.url, DATA_DIR: api.config.dataDir, ...LIVENESS };
const mediaWorker = () => startRoleProcess(t, ['worker', '--role', 'media'], workerEnv);
const started = (process: RoleProcess) => process.waitForLog((line) => /worker started$/.test(String(line.msg)));

/** `count` episodes of the user waiting at the render stage, each with a one-line script, queued as the script stage queues them. */
async function queueRenders(userId: string, count: number): Promise<string[]> {
  const ids = await insertEpisodes(db, userId, count, { status: 'generating_script', progress_percent: 30, script_text: '[Host 1]: A short line for a quick render.' });
  for (const episodeId of ids) await addJob(db, 'episode:render', { episodeId }, { account: userId, fair: true });
  return ids;
}

/** When each episode's render began (its first generating_audio notification), in order. */
function renderStarts(): string[] {
  const seen = new Set<string>();
  for (const event of progress.events) if (event.status === 'generating_audio') seen.add(event.id);
  return [...seen];
}

/** A worker holding the render of an episode that is still being voiced, or undefined when none is found in two minutes. */
async function catchMidRender(workers: RoleProcess[], episodeIds: string[]): Promise<{ id: string; process: RoleProcess } | undefined> {
  return until('a worker holding a render mid-voicing', async () => {
    const rendering = await db.selectFrom('episodes').select('id').where('id', 'in', episodeIds).where('status', '=', 'generating_audio').execute();
    for (const { id } of rendering) {
      const holder = await jobHolder(db, id, 'episode:render');
      const process = workers.find((worker) => worker.pid === holder?.pid && worker.child.exitCode === null && worker.child.signalCode === null);
      if (process) return { id, process };
    }
    return undefined;
  }, 120_000, 20).catch(() => undefined);
}

t.test('small accounts are not kept behind a backlog, and a worker killed mid-way loses nothing and starves nobody', async (t) => {
  const heavy = await creator(api, 'enterprise');
  const lights = [await creator(api, 'free'), await creator(api, 'creator'), await creator(api, 'professional')];
  const heavyIds = await queueRenders(heavy.userId, HEAVY_EPISODES);
  const lightIds = (await Promise.all(lights.map((light) => queueRenders(light.userId, LIGHT_EPISODES)))).flat();

  const workers = [mediaWorker(), mediaWorker()];
  await Promise.all(workers.map(started));

  // Mid-way: once a few renders have started, kill a worker holding one, and bring up a
  // replacement as a supervisor would. A render can end between the look and the kill (its
  // episode ready, its job not yet marked done); such a kill proves nothing about a takeover,
  // so the test kills again until one lands mid-render.
  await until('six renders started', () => renderStarts().length >= 6, 240_000, 20);
  let victim: { id: string; process: RoleProcess } | undefined;
  const replacements: RoleProcess[] = [];
  for (let kills = 0; !victim && kills < 4; kills++) {
    const caught = await catchMidRender([...workers, ...replacements], [...heavyIds, ...lightIds]);
    t.ok(caught, `a worker was caught mid-render (episode ${caught?.id})`);
    if (!caught) break;
    caught.process.signal('SIGKILL');
    await caught.process.exited;
    // Read before anyone can take the render over (that waits for the dead-worker bound).
    const { status } = await db.selectFrom('episodes').select('status').where('id', '=', caught.id).executeTakeFirstOrThrow();
    const replacement = mediaWorker();
    replacements.push(replacement);
    await started(replacement);
    if (status === 'ready') t.comment(`episode ${caught.id}'s render ended just before the kill; killing another`);
    else victim = caught;
  }
  t.ok(victim, 'a worker was killed in the middle of a render');

  for (const id of [...heavyIds, ...lightIds]) {
    const episode = await waitForEpisode(db, id, ['ready', 'error'], 240_000);
    t.equal(episode.status, 'ready', `${id} is ready${episode.error_message ? `: ${episode.error_message}` : ''}`);
  }
  const killed = await db.selectFrom('episodes').select('render_attempt').where('id', '=', victim?.id ?? '').executeTakeFirst();
  t.ok((killed?.render_attempt ?? 0) >= 2, `the killed worker's render was taken over (attempt ${killed?.render_attempt})`);
  // A job is completed just after its task returns (the episode is ready a moment before).
  // (The accounts' verification mails wait for a general worker, which this test runs none of.)
  const leftover = async () => (await sql<{ task: string; attempts: number; locked_by: string | null; last_error: string | null }>`
    SELECT task_identifier AS task, attempts, locked_by, last_error FROM graphile_worker.jobs WHERE task_identifier = 'episode:render'`.execute(db)).rows;
  await until('every render job to be done', async () => (await leftover()).length === 0, 60_000, 100).catch(() => undefined);
  t.same(await leftover(), [], 'no job left behind: none lost, none stuck, none failed');
  // With no render job left, a second ready could only be in transit: the channel catches up first.
  await progress.caughtUp();
  for (const id of [...heavyIds, ...lightIds]) t.equal(progress.count(id, 'ready'), 1, `${id}: one ready transition`);

  // The order renders began in: first come, first served would start every small account's
  // render after all of the heavy account's. Here each small account starts at the head.
  const order = renderStarts();
  const heavyBefore = (id: string) => order.slice(0, order.indexOf(id)).filter((other) => heavyIds.includes(other)).length;
  const lastLight = Math.max(...lightIds.map(heavyBefore));
  t.comment(`render start order: ${order.map((id) => (heavyIds.includes(id) ? 'H' : 'L')).join('')}`);
  t.ok(lastLight <= HEAVY_EPISODES / 2, `every small account's render began with ${lastLight} of the heavy account's ${HEAVY_EPISODES} begun (first come, first served: ${HEAVY_EPISODES})`);
  for (const [n, light] of lights.entries()) {
    const first = Math.min(...(lightIds.slice(n * LIGHT_EPISODES, (n + 1) * LIGHT_EPISODES)).map(heavyBefore));
    t.ok(first <= 2, `the ${['free', 'creator', 'professional'][n]} account (${light.userId}) began its first render after at most two of the backlog's (${first})`);
  }

  const alive = [...workers, ...replacements].filter((worker) => worker.child.signalCode !== 'SIGKILL');
  for (const worker of alive) worker.signal('SIGTERM');
  await Promise.all(alive.map((worker) => worker.exited));
});
