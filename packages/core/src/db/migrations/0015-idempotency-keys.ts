// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- One row per (account, Idempotency-Key): the request it was first used with and, once
    -- that request has taken effect, its answer. The row is claimed (in_progress, with a
    -- random claim token and a lease the live request keeps renewing) and committed before
    -- the request runs, so a duplicate on any api replica sees it. The request's own
    -- effect transaction completes it, guarded by its claim token: the effect and its
    -- answer commit together or not at all.
    CREATE TABLE idempotency_keys (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      key text NOT NULL CHECK (key ~ '^[!-~]{1,255}$'),
      -- SHA-256 of the method, the path and the body (an upload's: its fields and the file's hash).
      request_hash text NOT NULL,
      method text NOT NULL,
      path text NOT NULL,
      state text NOT NULL DEFAULT 'in_progress' CHECK (state IN ('in_progress', 'completed')),
      claim_token text NOT NULL,
      leased_until timestamptz NOT NULL,
      -- Set in the effect's transaction when the answer only comes later (a test delivery):
      -- a retry that takes over a lapsed claim resumes from here instead of acting again.
      recovery_point text,
      response_status integer,
      -- The answer's JSON, sealed (AES-256-GCM): some answers show a secret once.
      response_body text,
      -- Retention runs from here; a claim taken over keeps it, a key used anew after
      -- retention restarts it.
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz,
      PRIMARY KEY (user_id, key),
      CHECK ((state = 'completed') = (response_status IS NOT NULL AND response_body IS NOT NULL))
    );
    CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

    -- A briefing run's job id (job_…): what POST /api/briefings/:id/run answers as jobId and
    -- the graphile-worker job key of the run's job. Runs from before have one derived from
    -- their run id.
    ALTER TABLE briefing_runs ADD COLUMN job_id text;
    UPDATE briefing_runs SET job_id = 'job_' || substr(id, length('run_') + 1);
    ALTER TABLE briefing_runs ALTER COLUMN job_id SET NOT NULL;
    ALTER TABLE briefing_runs ADD CONSTRAINT briefing_runs_job_id_key UNIQUE (job_id);
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE idempotency_keys;
    ALTER TABLE briefing_runs DROP COLUMN job_id;
  `.execute(db);
}
