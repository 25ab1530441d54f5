// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- Single-use tokens sent by e-mail (password reset, e-mail verification); only hashes are kept.
    CREATE TABLE account_tokens (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('password_reset', 'email_verification')),
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose);

    -- Rate-limit counters shared by every api replica: one row per key and fixed window.
    CREATE TABLE rate_limit_counters (
      key text NOT NULL,
      window_start timestamptz NOT NULL,
      hits integer NOT NULL,
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (key, window_start)
    );
    CREATE INDEX rate_limit_counters_expiry_idx ON rate_limit_counters (expires_at);
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE rate_limit_counters, account_tokens`.execute(db);
}
