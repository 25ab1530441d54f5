// One run of `npm run bench:fleet`: real worker processes over one PostgreSQL working
// through a backlog, with the queue's fair scheduling on or off (FAIR_SCHEDULING), and
// when each render was queued, began and ended, read from the episodes' own progress
// notifications.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Db } from '@castwright/core/db/connect';
import { addJob } from '@castwright/core/jobs';
import { PROGRESS_CHANNEL, parseProgressEvent } from '@castwright/core/progress';
import type { Tier } from '@castwright/core/tiers';
import { insertEpisodes } from '#test-helpers/episode-rows';
import { startRoleProcess, type RoleProcess } from '#test-helpers/role-process';

export interface FleetShape {
  mediaWorkers: number;
  generalWorkers: number;
  heavyRenders: number;
  lightAccounts: number;
  lightRendersEach: number;
  /** Light account n arrives once this many renders plus n × lightArrivalEvery have begun. */
  lightArrivalAfter: number;
  lightArrivalEvery: number;
  script: string;
}

export interface RenderTimes {
  accountClass: string;
  queuedAt: number;
  startedAt: number;
  readyAt: number;
}

export interface FleetRunResult {
  renders: RenderTimes[];
  /** Renders completed per second, from the first render's start to the last one's end. */
  rendersPerSecond: number;
  /** The most connections one worker process of the role held at once (PGAPPNAME labels them). */
  peakConnections: Record<'media' | 'general', number>;
  /** Transactions the database committed per second with the fleet up and nothing queued. */
  idleTransactionsPerSecond: number;
  /** Transactions committed per render over the whole backlog, beyond what the idle fleet commits meanwhile. */
  transactionsPerRender: number;
}

/** How long the fleet idles before the backlog, to measure what it costs the database doing nothing. */
const IDLE_MS = 15_000;

/** A fleet that moves nothing for this long is broken: the run stops. */
const STALL_MS = 300_000;

/** Light accounts alternate between the free tier and a paid one. */
const lightTier = (n: number): Tier => (n % 2 === 0 ? 'free' : 'creator');

async function insertAccount(db: Db, tier: Tier): Promise<string> {
  const id = randomUUID();
  await db.insertInto('users').values({ id, email: `fleet-${id}@example.com`, password_hash: 'not-used', tier }).execute();
  return id;
}

export async function runFleet(options: { db: Db; databaseUrl: string; dataDir: string; fair: boolean; shape: FleetShape }): Promise<FleetRunResult> {
  const { db, shape } = options;
  const teardowns: (() => Promise<void> | void)[] = [];
  const context = { teardown: (fn: () => Promise<void> | void) => void teardowns.push(fn) };
  const env = { DATABASE_URL: options.databaseUrl, DATA_DIR: options.dataDir, LOG_LEVEL: 'info', FAIR_SCHEDULING: options.fair ? '1' : '0' };
  const worker = (role: 'media' | 'general', n: number) => startRoleProcess(context, ['worker', '--role', role], { ...env, PGAPPNAME: `fleet-${role}-${n}` });

  const queued = new Map<string, { accountClass: string; queuedAt: number }>();
  const started = new Map<string, number>();
  const ready = new Map<string, number>();
  const failed: string[] = [];
  const listener = new pg.Client({ connectionString: options.databaseUrl });
  await listener.connect();
  teardowns.push(() => listener.end());
  listener.on('notification', ({ payload }) => {
    const event = parseProgressEvent(payload ?? '');
    if (event.status === 'generating_audio' && !started.has(event.id)) started.set(event.id, event.at);
    if (event.status === 'ready') ready.set(event.id, event.at);
    if (event.status === 'error') failed.push(event.id);
  });
  await listener.query(`LISTEN ${PROGRESS_CHANNEL}`);

  /** Episodes at the render stage with a short script, each row and its job in one transaction. */
  const queueRenders = async (accountId: string, accountClass: string, count: number) => {
    for (let n = 0; n < count; n++) {
      const id = await db.transaction().execute(async (trx) => {
        const [episodeId = ''] = await insertEpisodes(trx, accountId, 1, { status: 'generating_script', progress_percent: 30, script_text: shape.script });
        await addJob(trx, 'episode:render', { episodeId }, { account: accountId, fair: options.fair });
        return episodeId;
      });
      queued.set(id, { accountClass, queuedAt: Date.now() });
    }
  };

  try {
    const heavy = await insertAccount(db, 'enterprise');
    const lights = await Promise.all(Array.from({ length: shape.lightAccounts }, (_, n) => insertAccount(db, lightTier(n))));
    const workers: RoleProcess[] = [
      ...Array.from({ length: shape.mediaWorkers }, (_, n) => worker('media', n)),
      ...Array.from({ length: shape.generalWorkers }, (_, n) => worker('general', n)),
    ];
    await Promise.all(workers.map((process) => process.waitForLog((line) => /worker started$/.test(String(line.msg)), 180_000)));
    // The fleet up with nothing to do: heartbeats, sweeps, polling and crontabs only.
    const committed = async () => Number((await listener.query<{ commits: string }>('SELECT xact_commit AS commits FROM pg_stat_database WHERE datname = current_database()')).rows[0]?.commits);
    const idleFrom = await committed();
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idleTransactionsPerSecond = ((await committed()) - idleFrom) / (IDLE_MS / 1000);
    const busyFrom = await committed();
    const busySince = Date.now();
    // Sampled only now: the sampler's own queries would count as the idle fleet's.
    const peakConnections = { media: 0, general: 0 };
    let samples = 0;
    const sampler = setInterval(() => {
      samples += 1;
      void listener.query<{ role: 'media' | 'general'; connections: number }>(
        `SELECT split_part(application_name, '-', 2) AS role, max(count)::int AS connections
         FROM (SELECT application_name, count(*) FROM pg_stat_activity WHERE application_name LIKE 'fleet-%' GROUP BY application_name) AS per_process
         GROUP BY 1`,
      ).then(({ rows }) => {
        for (const { role, connections } of rows) peakConnections[role] = Math.max(peakConnections[role], connections);
      }, () => undefined);
    }, 500);
    teardowns.push(() => clearInterval(sampler));

    // The backlog: one enterprise account queues all of its renders at once...
    await queueRenders(heavy, 'heavy (enterprise)', shape.heavyRenders);
    // ...and the small accounts arrive one by one while it drains.
    const total = shape.heavyRenders + shape.lightAccounts * shape.lightRendersEach;
    let arrived = 0;
    let seen = 0;
    let movedAt = Date.now();
    while (ready.size + failed.length < total) {
      while (arrived < lights.length && started.size >= shape.lightArrivalAfter + arrived * shape.lightArrivalEvery) {
        await queueRenders(lights[arrived] ?? '', `light ${lightTier(arrived)}`, shape.lightRendersEach);
        arrived += 1;
      }
      if (started.size + ready.size !== seen) [seen, movedAt] = [started.size + ready.size, Date.now()];
      if (Date.now() - movedAt > STALL_MS) throw new Error(`no render moved for ${STALL_MS / 1000} s (${ready.size}/${total} ready)`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (failed.length > 0) throw new Error(`${failed.length} renders failed, e.g. ${failed[0]}`);
    for (const process of workers) process.signal('SIGTERM');
    await Promise.all(workers.map((process) => process.exited));

    const renders = [...queued].map(([id, { accountClass, queuedAt }]) => ({ accountClass, queuedAt, startedAt: started.get(id) ?? Number.NaN, readyAt: ready.get(id) ?? Number.NaN }));
    const firstStart = Math.min(...renders.map((render) => render.startedAt));
    const lastReady = Math.max(...renders.map((render) => render.readyAt));
    // pg_stat_database lags its backends by up to a second (PGSTAT_MIN_INTERVAL).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Less what the fleet commits anyway (heartbeats, sweeps, polling) over the same time.
    const background = idleTransactionsPerSecond * ((Date.now() - busySince) / 1000);
    const transactionsPerRender = ((await committed()) - busyFrom - background - samples) / renders.length;
    return { renders, rendersPerSecond: renders.length / ((lastReady - firstStart) / 1000), peakConnections, idleTransactionsPerSecond, transactionsPerRender };
  } finally {
    for (const teardown of teardowns.reverse()) await teardown();
  }
}
