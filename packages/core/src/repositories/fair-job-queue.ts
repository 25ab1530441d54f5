// The job queue's inserts, fair between accounts: start-time fair queuing written into
// graphile-worker's own `priority` (its job fetch takes the lowest first, then the oldest
// run_at). Every job of a role gets a virtual start time, its tag:
//
//   tag = greatest(the account's next_tag, V);  next_tag = tag + step
//
// V is the role's virtual time now: the lowest tag among its jobs waiting to run now (the
// head of the queue), or, with nothing waiting, the highest next_tag of any account, so
// every account starts level. The step is 12 / the tier's weight (core/tiers.ts), so an
// enterprise account's backlog advances 4 places per round to a free account's 1; an
// account with nothing waiting starts at the head, whatever others have queued. Tags
// only grow, so an account's own jobs keep their order; a retried or released job keeps
// its row and its tag (its place, behind nobody who came after it).
//
// graphile-worker's priority is a smallint: tags are kept near zero by moving the role's
// origin (updateFairQueueOrigin, every minute from the general worker's crontab), which
// subtracts V from every tag at once. Queueing takes the role's lock shared and the move
// takes it exclusive, so a tag is never computed on one side of a move and stored on the
// other.
import { sql, type RawBuilder } from 'kysely';
import type { Executor, Trx } from '../db/connect.ts';
import { addJobCall, jobPlace, queueHeadPriority, updateJobPrioritiesShifted, type JobToAdd } from '../db/graphile-worker-schema.ts';

/** A job, checked and ready to queue. */
export interface QueuedJob extends JobToAdd {
  /** The account the work is for: its flag (`account:<id>`) travels with the job. */
  account: string;
}

export interface FairPlace {
  role: string;
  /** Every task the role's workers take: their waiting jobs are the queue V is read from. */
  roleTasks: readonly string[];
  /** The account's user id, whose tier picks the step; null for work of no account. */
  userId: string | null;
  /** Virtual-time step per tier, and for work of no account (or of an account that is gone). */
  steps: Readonly<Record<string, number>>;
  systemStep: number;
}

// Two-key advisory locks (class, role) are a space of their own, apart from one-key locks.
const FAIR_QUEUE_LOCK_CLASS = 31_031;
const SMALLINT = { min: -32_768, max: 32_767 };

const accountFlags = (account: string) => sql`ARRAY[${`account:${account}`}]::text[]`;

/** Held from here to the transaction's end: a move of the role's origin waits for it. */
export async function lockFairQueueShared(trx: Trx, role: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock_shared(${FAIR_QUEUE_LOCK_CLASS}, hashtext(${role}))`.execute(trx);
}

/**
 * V, the role's virtual time now (see the top of this file). The head is read as graphile-
 * worker's job fetch reads it, down its partial index on (priority, run_at), so it costs a
 * step or two whatever the backlog.
 */
function virtualTime(role: string, roleTasks: readonly string[]): RawBuilder<number> {
  return sql<number>`coalesce(
    ${queueHeadPriority(roleTasks)},
    (SELECT max(next_tag) FROM fair_queue_accounts WHERE role = ${role}),
    0)::int`;
}

/**
 * Queues a job at its account's fair place, in one statement: the account's row is
 * upserted (concurrent queueings of one account wait on it and take consecutive places)
 * and the job is added with the tag as its priority. Call lockFairQueueShared first, in
 * the same transaction.
 */
export async function insertFairJob(trx: Trx, job: QueuedJob, place: FairPlace): Promise<number> {
  const tierSteps = Object.entries(place.steps).map(([tier, step]) => sql`WHEN ${tier} THEN ${step}::int`);
  const { rows } = await sql<{ priority: number }>`
    WITH clock AS (SELECT ${virtualTime(place.role, place.roleTasks)} AS v),
    step AS (
      SELECT coalesce((SELECT CASE users.tier ${sql.join(tierSteps, sql` `)} END FROM users WHERE users.id = ${place.userId}::uuid), ${place.systemStep}::int) AS step
    ),
    place AS (
      INSERT INTO fair_queue_accounts AS accounts (role, account, next_tag)
      SELECT ${place.role}, ${job.account}, clock.v + step.step FROM clock, step
      ON CONFLICT (role, account) DO UPDATE
        SET next_tag = greatest(accounts.next_tag, (SELECT v FROM clock)) + (SELECT step FROM step), updated_at = now()
      RETURNING least(greatest(next_tag - (SELECT step FROM step), ${SMALLINT.min}), ${SMALLINT.max}) AS tag
    )
    SELECT (${addJobCall(job, sql<number>`place.tag`, accountFlags(job.account))}).priority FROM place`.execute(trx);
  return rows[0]?.priority ?? 0;
}

/** Queues a job at a fixed priority (0 with fair scheduling off: first come, first served), the account's flag kept. */
export async function insertJob(executor: Executor, job: QueuedJob, priority: number): Promise<void> {
  await sql`SELECT ${addJobCall(job, priority, accountFlags(job.account))}`.execute(executor);
}

/**
 * Queues a job afresh in the place of a running one (a worker shutting down hands its
 * job on): the same priority and flags, read from the running job's row so that a move
 * of the origin since it started is counted, else those it started with.
 */
export async function insertJobCopy(trx: Trx, running: { id: string; priority: number; flags: readonly string[] }, job: Omit<QueuedJob, 'account'>): Promise<void> {
  await sql`
    SELECT ${addJobCall(job, sql<number>`coalesce(current.priority, ${running.priority}::int)`, sql`nullif(coalesce(current.flags, ${running.flags as string[]}::text[]), '{}')`)}
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL ${jobPlace(running.id)} AS current ON true`.execute(trx);
}

/**
 * Moves the role's origin when its virtual time has drifted past `above`: every tag of
 * the role's jobs (waiting, running, retrying) and every account's next_tag less V, so
 * the order is unchanged and tags stay far inside a smallint. Accounts whose next_tag is
 * behind V carry nothing any more (their next job starts at V anyway) and are forgotten.
 * Takes the role's lock exclusively, waiting at most `waitMs` for queueings in flight;
 * returns the shift, 0 when none was due or the lock was not had in time.
 */
export async function updateFairQueueOrigin(trx: Trx, place: Pick<FairPlace, 'role' | 'roleTasks'>, above: number, waitMs: number): Promise<number> {
  // Waits in line for the lock (so a steady stream of queueings cannot keep it away for
  // ever), holding later queueings back for at most waitMs; a savepoint keeps the
  // caller's transaction usable when the wait runs out.
  await sql`SAVEPOINT fair_queue_origin`.execute(trx);
  await sql`SELECT set_config('lock_timeout', ${`${waitMs}ms`}, true)`.execute(trx);
  try {
    await sql`SELECT pg_advisory_xact_lock(${FAIR_QUEUE_LOCK_CLASS}, hashtext(${place.role}))`.execute(trx);
  } catch (error) {
    if ((error as { code?: string }).code !== '55P03') throw error;
    await sql`ROLLBACK TO SAVEPOINT fair_queue_origin`.execute(trx);
    return 0; // lock_not_available: queueings held the lock all along; the next round tries again
  }
  await sql`SELECT set_config('lock_timeout', '0', true)`.execute(trx);
  const { rows } = await sql<{ v: number }>`SELECT ${virtualTime(place.role, place.roleTasks)} AS v`.execute(trx);
  const shift = rows[0]?.v ?? 0;
  if (shift <= above) return 0;
  await updateJobPrioritiesShifted(place.roleTasks, shift, SMALLINT.min).execute(trx);
  await trx.deleteFrom('fair_queue_accounts').where('role', '=', place.role).where('next_tag', '<=', shift).execute();
  await trx.updateTable('fair_queue_accounts').set({ next_tag: sql`next_tag - ${shift}` }).where('role', '=', place.role).execute();
  return shift;
}
