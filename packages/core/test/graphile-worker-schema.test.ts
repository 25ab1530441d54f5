// The contract with graphile-worker's schema (core/db/graphile-worker-schema.ts): every
// column, view and function Castwright's SQL relies on exists, with the type it expects,
// in the graphile-worker this project installs. An upgrade that renames, drops or retypes
// one fails here by name. The check itself is shown to fail on a planted copy of the
// schema with a column dropped, one retyped, a relation and the functions missing.
import t from 'tap';
import { sql } from 'kysely';
import { checkGraphileWorkerSchema, GRAPHILE_WORKER_CONTRACT } from '@castwright/core/db/graphile-worker-schema';
import { createTestDatabase } from '#test-helpers/test-database';

t.test("the installed graphile-worker's schema holds every column and function Castwright relies on", async (t) => {
  const { db } = await createTestDatabase(t);
  t.same(await checkGraphileWorkerSchema(db), []);
});

t.test('the check fails on a schema that changed what is relied on', async (t) => {
  const { db } = await createTestDatabase(t);
  await sql`CREATE SCHEMA planted_worker`.execute(db);
  await sql`CREATE TABLE planted_worker._private_jobs (LIKE graphile_worker._private_jobs)`.execute(db);
  await sql`ALTER TABLE planted_worker._private_jobs DROP COLUMN priority`.execute(db);
  await sql`ALTER TABLE planted_worker._private_jobs ALTER COLUMN flags TYPE json USING flags::json`.execute(db);
  await sql`CREATE TABLE planted_worker._private_tasks (LIKE graphile_worker._private_tasks)`.execute(db);
  await sql`CREATE TABLE planted_worker._private_job_queues (LIKE graphile_worker._private_job_queues)`.execute(db);
  await sql`CREATE FUNCTION planted_worker.add_job(identifier text, payload json) RETURNS void LANGUAGE sql AS ''`.execute(db);
  const problems = await checkGraphileWorkerSchema(db, 'planted_worker');
  t.same(
    problems.sort(),
    [
      'planted_worker._private_jobs.flags is json, not jsonb',
      'planted_worker._private_jobs.priority is missing',
      'planted_worker.add_job() takes no arguments named identifier, payload, queue_name, run_at, max_attempts, job_key, priority, flags',
      'planted_worker.force_unlock_workers() is missing',
      'planted_worker.reschedule_jobs() is missing',
      ...Object.keys(GRAPHILE_WORKER_CONTRACT.relations.jobs).map((column) => `planted_worker.jobs.${column} is missing`),
    ].sort(),
  );
});
