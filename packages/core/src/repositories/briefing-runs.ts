// Briefing runs: queued with their job in one transaction, then running, then
// completed (with the episode they created, in the episode's own transaction) or
// failed with a reason. Status moves are guarded by the expected state, so a replayed
// job cannot move a finished run.
import { sql } from 'kysely';
import type { Executor, Trx } from '../db/connect.ts';
import type { BriefingRunRow, SourceError } from '../db/schema.ts';
import { unfinishedJobExists } from '../db/graphile-worker-schema.ts';
import type { BriefingRunType } from '../briefing-options.ts';

export interface NewRun {
  id: string;
  jobId: string;
  briefingId: string;
  runType: BriefingRunType;
  scheduledFor?: Date;
}

/**
 * Inserts a queued run, unless one of the briefing is already queued or running (the
 * partial unique index): undefined then, and nothing is inserted.
 */
export async function insertRunUnlessActive(trx: Trx, run: NewRun): Promise<BriefingRunRow | undefined> {
  return trx
    .insertInto('briefing_runs')
    .values({ id: run.id, job_id: run.jobId, briefing_id: run.briefingId, run_type: run.runType, scheduled_for: run.scheduledFor ?? null, source_errors: '[]' })
    .onConflict((conflict) => conflict.column('briefing_id').where('status', 'in', ['queued', 'running']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The run, locked until the transaction ends: only one execution of a run can complete it. */
export async function lockRun(trx: Trx, id: string): Promise<BriefingRunRow | undefined> {
  return trx.selectFrom('briefing_runs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** queued → running (started_at kept from the first attempt). Undefined when the run is finished or gone. */
export async function updateRunStarted(db: Executor, id: string): Promise<BriefingRunRow | undefined> {
  return db
    .updateTable('briefing_runs')
    .set({ status: 'running', started_at: sql`coalesce(started_at, now())` })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .returningAll()
    .executeTakeFirst();
}

export interface RunCounts {
  sources_fetched: number;
  items_included: number;
  total_words: number;
  source_errors: SourceError[];
}

export async function updateRunCompleted(trx: Trx, id: string, fields: RunCounts & { episode_id: string; episode_title: string }): Promise<void> {
  await trx
    .updateTable('briefing_runs')
    .set({ ...fields, source_errors: JSON.stringify(fields.source_errors), status: 'completed', completed_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/** Fails a run that has not finished; false when it already had. */
export async function updateRunFailed(db: Executor, id: string, reason: string, counts: Partial<RunCounts> = {}): Promise<boolean> {
  const result = await db
    .updateTable('briefing_runs')
    .set({
      ...counts,
      source_errors: JSON.stringify(counts.source_errors ?? []),
      status: 'failed',
      error_message: reason,
      started_at: sql`coalesce(started_at, now())`,
      completed_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A briefing's runs, newest first; with `jobId`, only the run of that job (none or one). */
export async function selectRunPage(
  db: Executor,
  briefingId: string,
  page: { limit: number; offset: number; jobId?: string | undefined },
): Promise<{ rows: BriefingRunRow[]; total: number }> {
  const runs = () => {
    const all = db.selectFrom('briefing_runs').where('briefing_id', '=', briefingId);
    return page.jobId === undefined ? all : all.where('job_id', '=', page.jobId);
  };
  const [rows, count] = await Promise.all([
    runs().selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    runs().select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

/**
 * Fails runs that no job will move on any more (their job ran out of attempts without
 * recording an outcome, e.g. it killed its workers every time) after `quietMs`, so a
 * stuck run never blocks its briefing's next ones. Returns how many.
 */
export async function updateAbandonedRunsFailed(db: Executor, quietMs: number, reason: string): Promise<number> {
  const result = await sql`
    UPDATE briefing_runs SET status = 'failed', error_message = ${reason}, completed_at = now(),
           started_at = coalesce(started_at, now())
    WHERE status IN ('queued', 'running')
      AND created_at < now() - make_interval(secs => ${quietMs / 1000})
      AND NOT ${unfinishedJobExists('runId', sql.ref('briefing_runs.id'))}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
