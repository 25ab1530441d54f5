// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- A show: what every episode made in it has in common (its identity in podcast apps,
    -- the defaults its episodes start from, and its own sound: intro, outro, bed, sting).
    -- Defaults are null where the show sets none (the interface's default applies).
    CREATE TABLE shows (
      id text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
      description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 4000),
      author text NOT NULL DEFAULT '' CHECK (char_length(author) <= 200),
      language text,
      category text,
      -- The checked cover (a JPEG) and the SHA-256 of its bytes (its version in addresses).
      artwork_key text,
      artwork_sha256 text,
      host_mode text,
      hosts jsonb,
      voice_style text,
      voice_pair text,
      tts_engine text,
      preset text,
      duration_minutes integer CHECK (duration_minutes >= 1),
      -- The mix: the bed's level under speech and in the gaps (dB against the voices'
      -- loudness), how fast it ducks and comes back, and the parts' level.
      bed_speech_db real NOT NULL DEFAULT -26 CHECK (bed_speech_db BETWEEN -60 AND 0),
      bed_gap_db real NOT NULL DEFAULT -12 CHECK (bed_gap_db BETWEEN -60 AND 0),
      duck_attack_ms integer NOT NULL DEFAULT 60 CHECK (duck_attack_ms BETWEEN 5 AND 2000),
      duck_release_ms integer NOT NULL DEFAULT 400 CHECK (duck_release_ms BETWEEN 20 AND 5000),
      parts_db real NOT NULL DEFAULT 0 CHECK (parts_db BETWEEN -30 AND 10),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT shows_id_user_key UNIQUE (id, user_id)
    );
    CREATE INDEX shows_user_created_idx ON shows (user_id, created_at DESC, id DESC);

    -- A show's audio parts, one of each kind at most. Each upload is stored under a new
    -- key, so a render reading the old part is never handed half of the new one.
    CREATE TABLE show_audio_parts (
      show_id text NOT NULL REFERENCES shows (id) ON DELETE CASCADE,
      part text NOT NULL CHECK (part IN ('intro', 'outro', 'bed', 'sting')),
      storage_key text NOT NULL,
      sha256 text NOT NULL,
      duration_ms integer NOT NULL CHECK (duration_ms > 0),
      sample_rate integer NOT NULL,
      channels integer NOT NULL,
      bytes bigint NOT NULL,
      filename text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (show_id, part)
    );

    -- One current private feed per show; only the SHA-256 of its token is kept.
    CREATE TABLE show_feeds (
      show_id text PRIMARY KEY REFERENCES shows (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    -- An episode or briefing in a show of the same account (the composite keys refuse
    -- another account's show). Deleting the show keeps them, without it.
    ALTER TABLE episodes ADD COLUMN show_id text,
      ADD CONSTRAINT episodes_show_fkey FOREIGN KEY (show_id, user_id) REFERENCES shows (id, user_id) ON DELETE SET NULL (show_id);
    CREATE INDEX episodes_show_idx ON episodes (show_id, completed_at DESC) WHERE show_id IS NOT NULL;
    ALTER TABLE briefing_configs ADD COLUMN show_id text,
      ADD CONSTRAINT briefing_configs_show_fkey FOREIGN KEY (show_id, user_id) REFERENCES shows (id, user_id) ON DELETE SET NULL (show_id);
    CREATE INDEX briefing_configs_show_idx ON briefing_configs (show_id) WHERE show_id IS NOT NULL;
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE briefing_configs DROP COLUMN show_id;
    ALTER TABLE episodes DROP COLUMN show_id;
    DROP TABLE show_feeds, show_audio_parts, shows;
  `.execute(db);
}
