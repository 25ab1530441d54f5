// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- One row per running graphile-worker pool (its id is what locks its jobs), written
    -- every few seconds on the worker's own connection. A pool silent for longer than the
    -- liveness bound is dead: its jobs are released for another worker.
    CREATE TABLE worker_heartbeats (
      worker_id text PRIMARY KEY,
      role text NOT NULL,
      hostname text NOT NULL,
      pid integer NOT NULL,
      started_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      -- When the current run of on-time heartbeats began: after a database outage every
      -- streak restarts, so no worker judges others dead before they could report again.
      streak_started_at timestamptz NOT NULL DEFAULT now()
    );

    -- How often a job's worker died under it. The first few deaths are forgiven (the job
    -- gets its attempt back), so a fleet losing workers does not fail episodes; a job that
    -- keeps killing its workers runs out of attempts as any failing job does.
    CREATE TABLE job_interruptions (
      job_id bigint PRIMARY KEY,
      interruptions integer NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    -- Which render of an episode may publish: each render attempt takes the next number,
    -- and only the holder of the current number can move progress or mark it ready, so a
    -- worker that was paused and comes back late cannot overwrite a newer attempt.
    ALTER TABLE episodes ADD COLUMN render_attempt integer NOT NULL DEFAULT 0;

    -- Outgoing e-mail, recorded in the transaction that causes it and sent from here, so a
    -- crash neither loses a message nor (with its fixed Message-ID) sends it twice.
    CREATE TABLE mail_outbox (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      -- What the message is for (e.g. a job id or an event id): one message per cause.
      dedupe_key text NOT NULL UNIQUE,
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      html_body text,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      message_id text
    );
    CREATE INDEX mail_outbox_unsent_idx ON mail_outbox (created_at) WHERE sent_at IS NULL;
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE mail_outbox, job_interruptions, worker_heartbeats;
    ALTER TABLE episodes DROP COLUMN render_attempt;
  `.execute(db);
}
