// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- Fair scheduling of the job queue (start-time fair queuing on graphile-worker's
    -- priority): per worker role and account, the virtual time the account's next job
    -- starts at. Queueing a job upserts its account's row in the queueing transaction, so
    -- concurrent queueings of one account take turns on the row and never share a place.
    -- "account" is a user id, or 'system' for work of no account.
    CREATE TABLE fair_queue_accounts (
      role text NOT NULL,
      account text NOT NULL,
      next_tag integer NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (role, account)
    );
    -- The largest next_tag of a role: where every account starts when nothing waits.
    CREATE INDEX fair_queue_accounts_next_tag_idx ON fair_queue_accounts (role, next_tag);
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE fair_queue_accounts`.execute(db);
}
