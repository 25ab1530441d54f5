// The briefing scheduler tick on a real database: two schedulers racing over the same
// due briefings (each on its own connection pool) queue exactly one run per slot; a
// briefing whose slots were missed while everything was down runs once; a slot that
// finds a run still under way is skipped; and the real graphile-worker task does it.
import t from 'tap';
import { sql } from 'kysely';
import { scheduleDueRuns } from '@castwright/core/briefings/schedule-due-runs';
import { createDb } from '@castwright/core/db/connect';
import { addJob, SYSTEM_ACCOUNT } from '@castwright/core/jobs';
import { creator, json, startTestApi } from '#test-helpers/test-api';
import { until } from '#test-helpers/until';

const api = await startTestApi(t);
const db = api.database.db;
const second = createDb(api.database.url);
t.teardown(() => second.destroy());
// An account holds at most 20 briefings: the race spreads its briefings over three.
const users = [await creator(api, 'enterprise'), await creator(api, 'enterprise'), await creator(api, 'enterprise')];
const user = users[0] as (typeof users)[number];

async function createBriefing(body: Record<string, unknown> = {}, token = user.accessToken): Promise<string> {
  const response = await api.request('/api/briefings', { method: 'POST', token, json: { name: 'Scheduled', ...body } });
  if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
  return (await json(response)).briefing.id;
}

async function runsOf(ids: readonly string[]) {
  return db.selectFrom('briefing_runs').selectAll().where('briefing_id', 'in', [...ids]).execute();
}

async function runJobs(ids: readonly string[]): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM graphile_worker._private_jobs AS jobs
    JOIN briefing_runs AS runs ON runs.id = jobs.payload->>'runId' WHERE runs.briefing_id = ANY(${[...ids]}::text[])`.execute(db);
  return rows[0]?.n ?? 0;
}

t.test('two schedulers ticking at once never start one slot twice', async (t) => {
  const ids: string[] = [];
  for (let i = 0; i < 30; i += 1) ids.push(await createBriefing({ name: `Race ${i}` }, users[i % 3]?.accessToken));
  const now = new Date();
  await db.updateTable('briefing_configs').set({ next_run_at: new Date(now.getTime() - 60_000) }).where('id', 'in', ids).execute();

  // Several rounds of two concurrent ticks: the second round finds nothing due.
  const outcomes = [];
  for (let round = 0; round < 3; round += 1) outcomes.push(...(await Promise.all([scheduleDueRuns(db, { fair: true, now }), scheduleDueRuns(second, { fair: true, now }), scheduleDueRuns(db, { fair: true, now })])));
  const queued = outcomes.flatMap((outcome) => outcome.queued);
  t.equal(queued.length, ids.length, 'one run queued per due briefing, across all ticks');
  t.equal(new Set(queued).size, queued.length);
  // A slot claimed twice would show here (the second claim finds the first's run queued).
  t.same(outcomes.flatMap((outcome) => outcome.skipped), [], 'no tick claimed a slot another tick had');
  const runs = await runsOf(ids);
  t.equal(runs.length, ids.length, 'one run row per briefing');
  t.same(new Set(runs.map((run) => run.briefing_id)).size, ids.length);
  t.ok(runs.every((run) => run.run_type === 'scheduled' && run.status === 'queued' && run.scheduled_for !== null));
  t.equal(await runJobs(ids), ids.length, 'one job per run');
  const configs = await db.selectFrom('briefing_configs').select(['next_run_at']).where('id', 'in', ids).execute();
  t.ok(configs.every((config) => (config.next_run_at?.getTime() ?? 0) > now.getTime()), 'each next_run_at moved past now in the claiming transaction');
});

t.test('a briefing whose slots were missed for days runs once, then waits for its next slot', async (t) => {
  const id = await createBriefing({ schedule_time: '07:00:00', schedule_timezone: 'UTC' }, users[1]?.accessToken);
  const now = new Date();
  const missed = new Date(now.getTime() - 3 * 86_400_000);
  await db.updateTable('briefing_configs').set({ next_run_at: missed }).where('id', '=', id).execute();

  const first = await scheduleDueRuns(db, { fair: true, now });
  const again = await scheduleDueRuns(db, { fair: true, now });
  t.equal(first.queued.length, 1, 'one run for all the missed slots');
  t.equal(again.queued.length, 0);
  const runs = await runsOf([id]);
  t.equal(runs.length, 1);
  t.equal(runs[0]?.scheduled_for?.toISOString(), missed.toISOString(), 'the run records the slot it was for');
  const config = await db.selectFrom('briefing_configs').select('next_run_at').where('id', '=', id).executeTakeFirstOrThrow();
  const next = config.next_run_at as Date;
  t.ok(next.getTime() > now.getTime() && next.getTime() <= now.getTime() + 86_400_000, 'next slot is the next 07:00 after now');
  t.equal(next.toISOString().slice(11), '07:00:00.000Z');
});

t.test('a slot that finds a run still queued is skipped, and inactive briefings are never claimed', async (t) => {
  const busy = await createBriefing();
  const paused = await createBriefing({ is_active: false });
  const started = await api.request(`/api/briefings/${busy}/run`, { method: 'POST', token: user.accessToken });
  t.equal(started.status, 202);
  const now = new Date();
  await db.updateTable('briefing_configs').set({ next_run_at: new Date(now.getTime() - 1000) }).where('id', '=', busy).execute();
  const outcome = await scheduleDueRuns(db, { fair: true, now });
  t.same(outcome.skipped, [busy]);
  t.equal(outcome.queued.length, 0);
  t.equal((await runsOf([busy])).length, 1, 'only the manual run exists');
  const config = await db.selectFrom('briefing_configs').select('next_run_at').where('id', '=', busy).executeTakeFirstOrThrow();
  t.ok((config.next_run_at?.getTime() ?? 0) > now.getTime(), 'the skipped slot is consumed');
  t.equal((await runsOf([paused])).length, 0);
});

t.test('the briefing:schedule task in a real general worker queues and runs due briefings', async (t) => {
  const id = await createBriefing({ name: 'Worker tick' }, users[2]?.accessToken);
  await db.updateTable('briefing_configs').set({ next_run_at: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
  await api.startWorkers('general');
  await addJob(db, 'briefing:schedule', {}, { account: SYSTEM_ACCOUNT, fair: true });
  const run = await until('the scheduled run to finish', async () => {
    const found = (await runsOf([id]))[0];
    return found && (found.status === 'failed' || found.status === 'completed') ? found : undefined;
  }, 60_000, 100);
  t.equal(run?.run_type, 'scheduled');
  t.equal(run?.status, 'failed', 'a briefing without sources fails its run');
  t.equal(run?.error_message, 'The briefing has no active sources');
});
