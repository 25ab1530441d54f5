// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- The voice catalog. Built-in voices (owner_id NULL) are published by media workers
    -- when they start, and stay listed when no worker can speak them any more; custom
    -- voices are cloned from an account's clip and seen by that account alone.
    CREATE TABLE voices (
      id text PRIMARY KEY,
      engine text NOT NULL CHECK (engine IN ('kokoro', 'chatterbox', 'offline')),
      -- What the engine calls it: a voice file, a Flite voice, a Chatterbox library entry.
      engine_name text NOT NULL,
      name text NOT NULL,
      language text NOT NULL,
      gender text NOT NULL CHECK (gender IN ('female', 'male', 'unknown')),
      description text NOT NULL DEFAULT '',
      owner_id uuid REFERENCES users (id) ON DELETE CASCADE,
      -- Custom voices: processing (registration queued), ready (in Chatterbox's library),
      -- waiting (no Chatterbox to register with yet), rejected (Chatterbox refused the clip).
      status text NOT NULL DEFAULT 'ready' CHECK (status IN ('processing', 'ready', 'waiting', 'rejected')),
      status_reason text,
      clip_key text,
      consent_at timestamptz,
      -- The sample: asked for once (the first request queues its job), then kept.
      sample_key text,
      sample_requested_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((owner_id IS NULL) = (clip_key IS NULL)),
      CHECK (owner_id IS NULL OR consent_at IS NOT NULL)
    );
    CREATE INDEX voices_owner_idx ON voices (owner_id, created_at) WHERE owner_id IS NOT NULL;

    -- What each live worker can voice, rewritten with every heartbeat: a voice is
    -- available while some worker that beat within the liveness bound lists it (custom
    -- voices: lists their engine). A worker that stops or dies takes its rows with it.
    ALTER TABLE worker_heartbeats
      ADD COLUMN engines text[] NOT NULL DEFAULT '{}',
      ADD COLUMN voice_ids text[] NOT NULL DEFAULT '{}';

    -- Named hosts, when the episode was created with them: [{name, voice, role, gender}].
    ALTER TABLE episodes ADD COLUMN hosts jsonb CHECK (hosts IS NULL OR jsonb_typeof(hosts) = 'array');
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE episodes DROP COLUMN hosts;
    ALTER TABLE worker_heartbeats DROP COLUMN engines, DROP COLUMN voice_ids;
    DROP TABLE voices;
  `.execute(db);
}
