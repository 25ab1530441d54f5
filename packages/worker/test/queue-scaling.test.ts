// KEDA's scaling queries (deploy/kubernetes/keda.yaml), run against a real queue and real
// graphile-worker runners: each counts exactly the jobs its role's workers can be running
// at once — with fair priorities across accounts, jobs locked by a worker, jobs due later,
// jobs out of attempts, a named queue's backlog and the other role's jobs all in the
// queue — and sees waiting work with no worker running, so a role at zero pods scales up.
import t from 'tap';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { parseAllDocuments } from 'yaml';
import { Logger, run, type Task, type TaskList } from 'graphile-worker';
import { addJob, JOBS, tasksForRole, type WorkerRole } from '@castwright/core/jobs';
import { createTestDatabase } from '#test-helpers/test-database';
import { until } from '#test-helpers/until';

const { db, url } = await createTestDatabase(t);
const manifest = await readFile(path.resolve(import.meta.dirname, '../../../deploy/kubernetes/keda.yaml'), 'utf8');
const queries = new Map<string, string>();
for (const document of parseAllDocuments(manifest)) {
  const resource = document.toJS() as { kind: string; metadata: { name: string }; spec?: { triggers?: { metadata: { query: string } }[] } };
  const query = resource.spec?.triggers?.[0]?.metadata.query;
  if (resource.kind === 'ScaledObject' && query) queries.set(resource.metadata.name, query);
}
const queryOf: Record<WorkerRole, string> = {
  general: queries.get('castwright-worker') ?? '',
  media: queries.get('castwright-media-worker') ?? '',
};
/** KEDA reads the first column of the first row, whatever its name. */
const scalingCount = async (role: WorkerRole) => Object.values((await sql<Record<string, number>>`${sql.raw(queryOf[role])}`.execute(db)).rows[0] ?? {})[0];
const lockedCount = async () => (await sql<{ count: number }>`SELECT count(*)::int AS count FROM graphile_worker._private_jobs WHERE locked_at IS NOT NULL`.execute(db)).rows[0]?.count ?? 0;

async function account(tier: 'free' | 'creator' | 'enterprise'): Promise<string> {
  const id = randomUUID();
  await db.insertInto('users').values({ id, email: `${id}@example.com`, password_hash: 'unused', tier }).execute();
  return id;
}

/**
 * A real runner for the role's tasks, with room for every job, whose handlers hold their
 * job until released: it takes all the work its role can take at once, and no more.
 */
async function busyRunner(role: WorkerRole) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const hold: Task = async () => released;
  const taskList: TaskList = Object.fromEntries(tasksForRole(role).map((task) => [task, hold]));
  const runner = await run({ connectionString: url, concurrency: 50, taskList, pollInterval: 100, logger: new Logger(() => () => undefined), noHandleSignals: true });
  let emptyLooks = 0;
  runner.events.on('worker:getJob:empty', () => void emptyLooks++);
  let stopping: Promise<void> | undefined;
  return {
    /**
     * Waits until the runner holds at least `count` jobs, then until it has looked for
     * another and found none, and returns how many it holds: more than `count` if it could
     * take more.
     */
    async settled(count: number): Promise<number> {
      await until(`the runner to hold ${count} jobs`, async () => (await lockedCount()) >= count, 60_000, 50);
      const looks = emptyLooks;
      await until('the runner to look for another job and find none', () => emptyLooks > looks, 60_000, 20);
      return lockedCount();
    },
    /** Stops taking jobs first, then lets the held ones finish (once, however often called). */
    stop() {
      stopping ??= runner.stop();
      release();
      return stopping;
    },
  };
}

t.test('each query names exactly its role\'s tasks, as core/jobs.ts assigns them', async (t) => {
  const listed = (query: string) => [...(/IN \(([^)]*)\)/.exec(query)?.[1] ?? '').matchAll(/'([^']+)'/g)].map((match) => match[1]).sort();
  t.match(queryOf.media, /tasks\.identifier IN \(/);
  t.match(queryOf.general, /tasks\.identifier NOT IN \(/);
  t.same(listed(queryOf.media), [...tasksForRole('media')].sort(), 'media: IN the media tasks');
  t.same(listed(queryOf.general), [...tasksForRole('media')].sort(), 'general: every task but the media ones');
  t.same(tasksForRole('general').filter((task) => JOBS[task].role === 'media'), []);
});

t.test('the media query counts exactly the renders media workers can take, from zero workers up', async (t) => {
  const heavy = await account('enterprise');
  const lights = [await account('free'), await account('creator')];
  for (let n = 0; n < 6; n++) await addJob(db, 'episode:render', { episodeId: `heavy-${n}` }, { account: heavy, fair: true });
  for (const [n, light] of lights.entries()) await addJob(db, 'episode:render', { episodeId: `light-${n}` }, { account: light, fair: true });
  await addJob(db, 'episode:render', { episodeId: 'later' }, { account: heavy, runAt: new Date(Date.now() + 3_600_000), fair: true });
  await addJob(db, 'episode:render', { episodeId: 'spent' }, { account: heavy, fair: true });
  await sql`UPDATE graphile_worker._private_jobs SET attempts = max_attempts, last_error = 'failed for good' WHERE payload->>'episodeId' = 'spent'`.execute(db);
  // The other role's work, takeable now.
  await addJob(db, 'episode:script', { episodeId: 'script' }, { account: heavy, fair: true });
  await addJob(db, 'email:send', { outboxId: '1' }, { account: lights[0] ?? '', fair: true });
  const { rows } = await sql<{ distinct: number }>`SELECT count(DISTINCT priority)::int AS distinct FROM graphile_worker._private_jobs`.execute(db);
  t.ok((rows[0]?.distinct ?? 0) > 1, 'the jobs carry fair priorities');

  const zero = await scalingCount('media');
  t.equal(zero, 8, 'no media worker running: the 8 renders waiting now, so the role scales up from zero');
  const runner = await busyRunner('media');
  t.teardown(() => runner.stop());
  t.equal(await runner.settled(zero ?? 0), 8, 'a real media runner with room for all takes exactly those 8');
  t.equal(await scalingCount('media'), 8, 'and while it runs them they still count, so no pod is taken away mid-render');
  await runner.stop();
  await until('the held renders to be done', async () => (await lockedCount()) === 0, 30_000, 50);
  t.equal(await scalingCount('media'), 0, 'once they are done nothing counts: the render due later and the one out of attempts are no work now');
  await sql`DELETE FROM graphile_worker._private_jobs`.execute(db);
});

t.test('the general query counts one job per free named queue, and jobs running in them', async (t) => {
  const owner = await account('creator');
  for (let n = 0; n < 3; n++) await addJob(db, 'email:send', { outboxId: String(n) }, { account: owner, fair: true });
  // One webhook's deliveries run one at a time (a named queue): one of them is work now.
  for (let n = 1; n <= 3; n++) await addJob(db, 'webhook:deliver', { eventId: `event-${n}`, attempt: 1 }, { account: owner, queueName: 'webhook:one', fair: true });
  await addJob(db, 'webhook:deliver', { eventId: 'retry', attempt: 2 }, { account: owner, queueName: 'webhook:two', runAt: new Date(Date.now() + 3_600_000), fair: true });
  await addJob(db, 'episode:render', { episodeId: 'render' }, { account: owner, fair: true });

  const zero = await scalingCount('general');
  t.equal(zero, 4, 'no general worker running: three mails and the head of the webhook\'s queue');
  const runner = await busyRunner('general');
  t.teardown(() => runner.stop());
  t.equal(await runner.settled(zero ?? 0), 4, 'a real general runner with room for all takes exactly 4');
  t.equal(await scalingCount('general'), 4, 'the 4 running count; the deliveries behind the running one do not');
  await runner.stop();
  await until('the held jobs to be done', async () => (await lockedCount()) === 0, 30_000, 50);
  t.equal(await scalingCount('general'), 1, 'done: the webhook\'s next delivery is the work left now');
});
