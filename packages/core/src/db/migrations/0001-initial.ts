// Frozen: never edit a migration that has shipped; add a new one. Migrations take
// Kysely<any> and import nothing from the application.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY,
      email text NOT NULL,
      password_hash text NOT NULL,
      name text,
      bio text,
      avatar_url text,
      tier text NOT NULL DEFAULT 'free' CHECK (tier IN ('free', 'creator', 'professional', 'enterprise')),
      email_verified boolean NOT NULL DEFAULT false,
      subscription_status text,
      subscription_period_end timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT users_email_lowercase CHECK (email = lower(email))
    );
    CREATE UNIQUE INDEX users_email_key ON users (email);

    CREATE TABLE refresh_tokens (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      family_id text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
    CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);

    CREATE TABLE api_keys (
      id text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      key_hash text NOT NULL UNIQUE,
      last_four text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz,
      last_used_at timestamptz
    );
    -- One current key per user: generating a new key revokes the previous in the same transaction.
    CREATE UNIQUE INDEX api_keys_one_current_idx ON api_keys (user_id) WHERE revoked_at IS NULL;

    CREATE TABLE episodes (
      id text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      title text NOT NULL,
      description text NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT 'queued' CHECK (status IN
        ('queued', 'ingesting', 'generating_script', 'review_script', 'generating_audio', 'ready', 'error')),
      progress_percent integer NOT NULL DEFAULT 0 CHECK (progress_percent BETWEEN 0 AND 100),
      preset text NOT NULL CHECK (preset IN ('quick', 'standard', 'deep', 'extended')),
      host_mode text NOT NULL CHECK (host_mode IN ('single', 'multi')),
      voice_style text NOT NULL,
      voice_pair text NOT NULL,
      tts_engine text NOT NULL,
      review_script boolean NOT NULL DEFAULT false,
      is_public boolean NOT NULL DEFAULT false,
      source_type text NOT NULL,
      source_url text,
      source_text text,
      script_text text,
      audio_key text,
      audio_duration_ms integer,
      error_message text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz
    );
    CREATE INDEX episodes_user_created_idx ON episodes (user_id, created_at DESC, id DESC);
    CREATE INDEX episodes_user_status_idx ON episodes (user_id, status);

    CREATE TABLE transcript_segments (
      id text PRIMARY KEY,
      episode_id text NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
      position integer NOT NULL,
      speaker text NOT NULL,
      text text NOT NULL,
      start_ms integer NOT NULL,
      end_ms integer NOT NULL,
      confidence real NOT NULL DEFAULT 1,
      UNIQUE (episode_id, position),
      CHECK (end_ms >= start_ms)
    );

    CREATE TABLE usage_monthly (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      month date NOT NULL,
      episodes_created integer NOT NULL DEFAULT 0,
      total_audio_duration integer NOT NULL DEFAULT 0,
      total_characters integer NOT NULL DEFAULT 0,
      cost_total numeric(12, 4) NOT NULL DEFAULT 0,
      PRIMARY KEY (user_id, month)
    );
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE usage_monthly, transcript_segments, episodes, api_keys, refresh_tokens, users;
  `.execute(db);
}
