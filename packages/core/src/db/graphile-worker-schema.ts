// graphile-worker's schema as Castwright relies on it: the one module that names its
// tables, view and functions (lint rule castwright/graphile-worker-schema refuses
// `graphile_worker.` anywhere else). The fair queue, the dead-worker sweep, the abandoned-
// work checks and the queue metrics read graphile-worker's private tables
// (`_private_jobs`, `_private_tasks`), which are not its public interface and may change in
// any release. Every column, view and function used here is listed in
// GRAPHILE_WORKER_CONTRACT; packages/core/test/graphile-worker-schema.test.ts checks that
// list against the installed graphile-worker's schema, so an upgrade that changes what we
// rely on fails there, by name, before it fails a query in production. A new use adds its
// columns to the contract.
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from './connect.ts';

const SCHEMA = 'graphile_worker';

/** What Castwright uses of graphile-worker's schema, with the types it expects (information_schema spelling). */
export const GRAPHILE_WORKER_CONTRACT = {
  relations: {
    _private_jobs: {
      id: 'bigint',
      task_id: 'integer',
      job_queue_id: 'integer',
      payload: 'json',
      priority: 'smallint',
      run_at: 'timestamp with time zone',
      attempts: 'smallint',
      max_attempts: 'smallint',
      is_available: 'boolean',
      flags: 'jsonb',
      locked_at: 'timestamp with time zone',
    },
    _private_tasks: { id: 'integer', identifier: 'text' },
    // Read only by the KEDA scalers' queries in deploy/ (packages/worker/test/queue-scaling.test.ts runs them).
    _private_job_queues: { id: 'integer', is_available: 'boolean' },
    // The public view the dead-worker sweep reads.
    jobs: { id: 'bigint', attempts: 'smallint', locked_at: 'timestamp with time zone', locked_by: 'text' },
  },
  /** Functions called by named (or positional) arguments: the argument names used. */
  functions: {
    add_job: ['identifier', 'payload', 'queue_name', 'run_at', 'max_attempts', 'job_key', 'priority', 'flags'],
    force_unlock_workers: ['worker_ids'],
    reschedule_jobs: ['job_ids', 'attempts'],
  },
} as const;

/** The contract's differences from the schema `schema` holds (graphile_worker, or a planted copy in a test); empty when it holds. */
export async function checkGraphileWorkerSchema(db: Executor, schema = SCHEMA): Promise<string[]> {
  const { rows: columns } = await sql<{ relation: string; column: string; type: string }>`
    SELECT table_name AS relation, column_name AS column, data_type AS type
    FROM information_schema.columns WHERE table_schema = ${schema}`.execute(db);
  const { rows: functions } = await sql<{ name: string; arguments: string[] | null }>`
    SELECT p.proname AS name, p.proargnames AS arguments
    FROM pg_proc AS p JOIN pg_namespace AS n ON n.oid = p.pronamespace WHERE n.nspname = ${schema}`.execute(db);
  const problems: string[] = [];
  for (const [relation, expected] of Object.entries(GRAPHILE_WORKER_CONTRACT.relations)) {
    for (const [column, type] of Object.entries(expected)) {
      const found = columns.find((row) => row.relation === relation && row.column === column);
      if (!found) problems.push(`${schema}.${relation}.${column} is missing`);
      else if (found.type !== type) problems.push(`${schema}.${relation}.${column} is ${found.type}, not ${type}`);
    }
  }
  for (const [name, argumentNames] of Object.entries(GRAPHILE_WORKER_CONTRACT.functions)) {
    const overloads = functions.filter((row) => row.name === name);
    if (overloads.length === 0) problems.push(`${schema}.${name}() is missing`);
    else if (!overloads.some((row) => argumentNames.every((argument) => row.arguments?.includes(argument)))) {
      problems.push(`${schema}.${name}() takes no arguments named ${argumentNames.join(', ')}`);
    }
  }
  return problems;
}

/** A job, checked and ready to queue (core/jobs.ts). */
export interface JobToAdd {
  task: string;
  payload: unknown;
  maxAttempts: number;
  jobKey?: string | undefined;
  queueName?: string | undefined;
  runAt?: Date | undefined;
}

/** `graphile_worker.add_job(…)` with a priority and flags given as SQL: its value is the job row. */
export function addJobCall(job: JobToAdd, priority: RawBuilder<number> | number, flags: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`graphile_worker.add_job(
    identifier => ${job.task},
    payload => ${JSON.stringify(job.payload)}::json,
    max_attempts => ${job.maxAttempts},
    job_key => ${job.jobKey ?? null},
    queue_name => ${job.queueName ?? null},
    run_at => ${job.runAt?.toISOString() ?? null}::timestamptz,
    priority => ${priority},
    flags => ${flags}
  )`;
}

/** Whether a job whose payload's `field` is `id` may still run (attempts left): the work has someone to do it. */
export function unfinishedJobExists(field: 'episodeId' | 'runId', id: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (
    SELECT 1 FROM graphile_worker._private_jobs AS jobs
    WHERE jobs.payload->>${sql.lit(field)} = ${id} AND jobs.attempts < jobs.max_attempts)`;
}

/** Whether job `id` is still in the queue (waiting, running or failed), in any state. */
export function jobExists(id: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM graphile_worker._private_jobs AS jobs WHERE jobs.id = ${id})`;
}

const ofTasks = (tasks: readonly string[]) =>
  sql`jobs.task_id = ANY (ARRAY(SELECT id FROM graphile_worker._private_tasks WHERE identifier = ANY(${tasks as string[]}::text[])))`;

/**
 * The priority of the job that these tasks' workers would take next, or null with none
 * waiting: read as graphile-worker's job fetch reads it, down its partial index on
 * (priority, run_at), among the jobs that carry flags (every job Castwright queues).
 */
export function queueHeadPriority(tasks: readonly string[]): RawBuilder<number | null> {
  return sql<number | null>`(SELECT jobs.priority FROM graphile_worker._private_jobs AS jobs
      WHERE jobs.is_available AND jobs.job_queue_id IS NULL AND jobs.run_at <= now() AND jobs.flags IS NOT NULL
        AND ${ofTasks(tasks)}
      ORDER BY jobs.priority, jobs.run_at LIMIT 1)`;
}

/** Job `id`'s priority and flag names now, as one row (no row once the job is gone). */
export function jobPlace(id: string): RawBuilder<{ priority: number; flags: string[] }> {
  return sql<{ priority: number; flags: string[] }>`(
    SELECT jobs.priority, ARRAY(SELECT jsonb_object_keys(coalesce(jobs.flags, '{}'::jsonb))) AS flags
    FROM graphile_worker._private_jobs AS jobs WHERE jobs.id = ${id}::bigint)`;
}

/** Moves the priority of every flagged job of these tasks down by `shift`, no lower than `floor`. */
export function updateJobPrioritiesShifted(tasks: readonly string[], shift: number, floor: number): RawBuilder<unknown> {
  return sql`UPDATE graphile_worker._private_jobs AS jobs SET priority = greatest(jobs.priority - ${shift}, ${floor})
    WHERE jobs.flags IS NOT NULL AND ${ofTasks(tasks)}`;
}

/** Per task: jobs waiting now, waiting for a later run_at, locked by a worker, and out of attempts. */
export function jobCountsByTask(): RawBuilder<{ task: string; queued: number; scheduled: number; running: number; failed: number }> {
  return sql`
    SELECT tasks.identifier AS task,
      count(*) FILTER (WHERE jobs.is_available AND jobs.run_at <= now())::int AS queued,
      count(*) FILTER (WHERE jobs.is_available AND jobs.run_at > now())::int AS scheduled,
      count(*) FILTER (WHERE jobs.locked_at IS NOT NULL)::int AS running,
      count(*) FILTER (WHERE jobs.locked_at IS NULL AND jobs.attempts >= jobs.max_attempts)::int AS failed
    FROM graphile_worker._private_jobs AS jobs
    JOIN graphile_worker._private_tasks AS tasks ON tasks.id = jobs.task_id
    GROUP BY tasks.identifier
    ORDER BY tasks.identifier`;
}

/** The workers holding a job locked since before `before` (an interval): `worker_id` rows. */
export function lockHolders(before: RawBuilder<unknown>): RawBuilder<{ worker_id: string }> {
  return sql`SELECT DISTINCT locked_by AS worker_id FROM graphile_worker.jobs WHERE locked_by IS NOT NULL AND locked_at < now() - ${before}`;
}

/** The jobs these workers hold, with the attempts each has used. */
export function jobsLockedBy(workerIds: readonly string[]): RawBuilder<{ id: string; attempts: number }> {
  return sql`SELECT id, attempts FROM graphile_worker.jobs WHERE locked_by = ANY(${workerIds as string[]}::text[])`;
}

/** Releases every job these workers hold, for others to take (graphile-worker's own function). */
export function forceUnlockWorkers(workerIds: readonly string[]): RawBuilder<unknown> {
  return sql`SELECT graphile_worker.force_unlock_workers(${workerIds as string[]}::text[])`;
}

/** Sets job `id`'s used attempts (graphile-worker's own function). */
export function rescheduleJobAttempts(id: string, attempts: number): RawBuilder<unknown> {
  return sql`SELECT FROM graphile_worker.reschedule_jobs(ARRAY[${id}]::bigint[], attempts => ${attempts})`;
}
