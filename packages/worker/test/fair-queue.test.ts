// The fair queue against the real graphile-worker schema and job fetch: the order jobs are
// taken in (graphile-worker's own runner, one job at a time), the places concurrent
// queueings get, retries and releases keeping their place, hand-offs at shutdown, the
// origin move that keeps tags inside a smallint, and first come, first served when off.
import t from 'tap';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Logger, runOnce, type Task } from 'graphile-worker';
import type { Db } from '@castwright/core/db/connect';
import { moveFairQueueOrigins } from '@castwright/core/fair-queue-origin';
import { addJob, requeueJob, SYSTEM_ACCOUNT, tasksForRole, type RunningJob } from '@castwright/core/jobs';
import { updateFairQueueOrigin } from '@castwright/core/repositories/fair-job-queue';
import type { Tier } from '@castwright/core/tiers';
import { createTestDatabase } from '#test-helpers/test-database';
import { until } from '#test-helpers/until';

const { db, url } = await createTestDatabase(t);
const silent = new Logger(() => () => undefined);

async function account(tier: Tier): Promise<string> {
  const id = randomUUID();
  await db.insertInto('users').values({ id, email: `${id}@example.com`, password_hash: 'unused', tier }).execute();
  return id;
}

const render = (executor: Db, owner: string, label: string, fair = true) => addJob(executor, 'episode:render', { episodeId: label }, { account: owner, fair });

interface QueuedRow {
  id: string;
  label: string;
  priority: number;
  flags: Record<string, true> | null;
  attempts: number;
  locked_by: string | null;
}
async function jobs(): Promise<QueuedRow[]> {
  const { rows } = await sql<QueuedRow>`
    SELECT id::text, payload->>'episodeId' AS label, priority, flags, attempts, locked_by FROM graphile_worker._private_jobs ORDER BY priority, run_at, id`.execute(db);
  return rows;
}
const jobOf = async (label: string) => (await jobs()).find((job) => job.label === label);

/** Runs the queue dry with graphile-worker's own runner, one job at a time; returns the labels in the order taken. */
async function takeAll(): Promise<string[]> {
  const taken: string[] = [];
  const record: Task = async (payload) => void taken.push((payload as { episodeId: string }).episodeId);
  await runOnce({ connectionString: url, concurrency: 1, taskList: { 'episode:render': record }, logger: silent });
  return taken;
}

t.afterEach(async () => {
  await sql`DELETE FROM graphile_worker._private_jobs`.execute(db);
  await db.deleteFrom('fair_queue_accounts').execute();
});

t.test('an account with nothing waiting goes ahead of a backlog; backlogs take turns by tier weight', async (t) => {
  const heavy = await account('enterprise');
  const free = await account('free');
  const paid = await account('creator');
  for (let n = 0; n < 12; n++) await render(db, heavy, `heavy-${n}`);
  for (let n = 0; n < 3; n++) await render(db, free, `free-${n}`);
  for (let n = 0; n < 3; n++) await render(db, paid, `creator-${n}`);

  const order = await takeAll();
  t.equal(order.length, 18, 'every job was taken');
  t.same(order.slice(0, 3).sort(), ['creator-0', 'free-0', 'heavy-0'], 'the light accounts\' first jobs go right after the head of the backlog');
  const heavyBetween = (prefix: string) => {
    const at = order.flatMap((label, index) => (label.startsWith(prefix) ? [index] : []));
    return at.slice(1).map((index, n) => order.slice((at[n] ?? 0) + 1, index).filter((label) => label.startsWith('heavy')).length);
  };
  t.same(heavyBetween('free'), [4, 4], 'enterprise (weight 4) runs four jobs for each of a free account\'s (weight 1)');
  t.same(heavyBetween('creator'), [2, 2], 'and two for each of a creator\'s (weight 2)');
  for (const prefix of ['heavy', 'free', 'creator']) {
    const own = order.filter((label) => label.startsWith(prefix));
    t.same(own, [...own].sort((a, b) => Number(a.split('-')[1]) - Number(b.split('-')[1])), `${prefix}: its own jobs in the order it queued them`);
  }
});

t.test('first come, first served when fair scheduling is off; the job still carries its account', async (t) => {
  const heavy = await account('enterprise');
  const light = await account('free');
  for (let n = 0; n < 5; n++) await render(db, heavy, `heavy-${n}`, false);
  await render(db, light, 'light-0', false);
  const queued = await jobs();
  t.same(queued.map((job) => job.priority), [0, 0, 0, 0, 0, 0]);
  t.same(queued.find((job) => job.label === 'light-0')?.flags, { [`account:${light}`]: true });
  t.same(await takeAll(), ['heavy-0', 'heavy-1', 'heavy-2', 'heavy-3', 'heavy-4', 'light-0']);
});

t.test('concurrent queueings of one account take distinct, consecutive places; of different accounts, the same', async (t) => {
  const busy = await account('enterprise');
  await Promise.all(Array.from({ length: 20 }, (_, n) => db.transaction().execute((trx) => render(trx, busy, `busy-${n}`))));
  const places = (await jobs()).map((job) => job.priority).sort((a, b) => a - b);
  t.same(places, Array.from({ length: 20 }, (_, n) => 3 * n), 'twenty places, one step (3) apart, none shared');

  const others = await Promise.all(Array.from({ length: 5 }, () => account('free')));
  await Promise.all(others.map((owner, n) => render(db, owner, `other-${n}`)));
  const first = (await jobs()).filter((job) => job.label.startsWith('other-')).map((job) => job.priority);
  t.same(first, [0, 0, 0, 0, 0], 'each newcomer starts at the head of the queue');
});

t.test('the system account, and an account that is gone, are scheduled at the highest weight', async (t) => {
  for (let n = 0; n < 3; n++) await addJob(db, 'email:password-reset', { email: `${n}@example.com` }, { account: SYSTEM_ACCOUNT, fair: true });
  const gone = randomUUID();
  for (let n = 0; n < 3; n++) await addJob(db, 'email:verification', { userId: gone }, { account: gone, fair: true });
  const { rows } = await sql<{ priority: number; account: string }>`
    SELECT priority, (SELECT key FROM jsonb_object_keys(flags) AS key) AS account FROM graphile_worker._private_jobs ORDER BY id`.execute(db);
  t.same(rows.slice(0, 3).map((row) => row.priority), [0, 3, 6]);
  t.same(rows.slice(0, 3).map((row) => row.account), ['account:system', 'account:system', 'account:system']);
  t.same(rows.slice(3).map((row) => row.priority), [0, 3, 6]);
});

t.test('a retried job and a released job keep their place; a job handed on at shutdown keeps it too', async (t) => {
  const heavy = await account('free');
  const light = await account('free');
  // A failed attempt: graphile-worker retries the same row later, with its priority.
  await render(db, heavy, 'heavy-0');
  const head = await jobOf('heavy-0');
  const failOnce: Task = async () => {
    throw new Error('the first attempt fails');
  };
  await runOnce({ connectionString: url, concurrency: 1, taskList: { 'episode:render': failOnce }, logger: silent });
  const retried = await jobOf('heavy-0');
  t.match(retried, { id: head?.id, attempts: 1, priority: head?.priority }, 'retried: the same row and priority');
  for (let n = 1; n < 4; n++) await render(db, heavy, `heavy-${n}`);
  await render(db, light, 'light-0');
  await sql`UPDATE graphile_worker._private_jobs SET run_at = now() - interval '1 second' WHERE id = ${head?.id}::bigint`.execute(db);
  t.same((await takeAll()).slice(0, 3), ['heavy-0', 'heavy-1', 'light-0'], 'due again, it runs first: nobody who came later overtook it');

  // A worker takes a job and dies: the liveness sweep releases it (graphile-worker's force_unlock_workers).
  for (let n = 0; n < 3; n++) await render(db, heavy, `again-${n}`);
  const taken = await jobOf('again-0');
  await sql`UPDATE graphile_worker._private_jobs SET locked_by = 'dead-worker', locked_at = now(), attempts = 1 WHERE id = ${taken?.id}::bigint`.execute(db);
  await render(db, light, 'light-1');
  await sql`SELECT graphile_worker.force_unlock_workers(ARRAY['dead-worker'])`.execute(db);
  t.equal((await jobOf('again-0'))?.priority, taken?.priority, 'released: the same priority');
  t.same((await takeAll()).slice(0, 3), ['again-0', 'again-1', 'light-1'], 'it runs first; the newcomer joins the head of the queue');

  // A worker shutting down hands its job on.
  for (let n = 0; n < 3; n++) await render(db, heavy, `handed-${n}`);
  const running = (await jobOf('handed-1')) as QueuedRow;
  await sql`UPDATE graphile_worker._private_jobs SET locked_by = 'stopping', locked_at = now(), attempts = 1 WHERE id = ${running.id}::bigint`.execute(db);
  await requeueJob(db, { id: running.id, task_identifier: 'episode:render', payload: { episodeId: 'handed-1' }, priority: running.priority, flags: running.flags } satisfies RunningJob);
  const copies = (await jobs()).filter((job) => job.label === 'handed-1' && job.locked_by === null);
  t.equal(copies.length, 1, 'queued afresh');
  t.equal(copies[0]?.priority, running.priority, 'in the place it had');
  t.same(copies[0]?.flags, { [`account:${heavy}`]: true }, 'for the same account');
  t.equal(copies[0]?.attempts, 0, 'with its attempts in full');
});

t.test('the origin move keeps the order, forgets idle accounts, and waits for queueings in flight', async (t) => {
  const heavy = await account('free');
  const idle = await account('free');
  await render(db, idle, 'idle-0');
  await takeAll();
  for (let n = 0; n < 6; n++) await render(db, heavy, `heavy-${n}`);
  await takeAll().then(() => undefined);
  // Virtual time has moved on: a fresh backlog starts at the highest next_tag (nothing waits).
  for (let n = 0; n < 4; n++) await render(db, heavy, `later-${n}`);
  const before = await jobs();
  const v = before[0]?.priority ?? 0;
  t.ok(v > 0, `tags have grown (${v})`);

  // A queueing in flight holds the role's lock shared; the move waits for it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let queued!: () => void;
  const holding = new Promise<void>((resolve) => (queued = resolve));
  const inFlight = db.transaction().execute(async (trx) => {
    await render(trx, heavy, 'in-flight');
    queued();
    await held;
  });
  await holding;
  const timedOut = await db.transaction().execute((trx) => updateFairQueueOrigin(trx, { role: 'media', roleTasks: tasksForRole('media') }, 0, 50));
  t.equal(timedOut, 0, 'a move that cannot have the lock in time is put off');
  const moving = moveFairQueueOrigins(db, 0);
  await until('the move to wait for the lock', async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%pg_advisory_xact_lock(%'`.execute(db);
    return (rows[0]?.n ?? 0) > 0;
  }, 30_000, 20);
  release();
  await inFlight;
  const moved = await moving;
  t.same(moved, [{ role: 'media', shift: v }], 'the media role moved by its virtual time');

  const after = await jobs();
  t.same(after.map((job) => job.label), [...before.map((job) => job.label), 'in-flight'], 'the order is unchanged, the job queued meanwhile included');
  t.same(after.map((job) => job.priority), [...before.map((job) => job.priority - v), (after.at(-1)?.priority ?? 0)]);
  t.equal(after.at(-1)?.priority, (before.at(-1)?.priority ?? 0) - v + 12, 'the job queued meanwhile moved with the rest');
  const rows = await db.selectFrom('fair_queue_accounts').select(['account', 'next_tag']).execute();
  t.same(rows.map((row) => row.account), [heavy], 'the idle account, all of whose jobs ran, is forgotten');
  await render(db, idle, 'idle-1');
  t.equal((await jobOf('idle-1'))?.priority, 0, 'and starts at the head when it comes back');
});
