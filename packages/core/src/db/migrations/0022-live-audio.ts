// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- An episode's script as it is written, line by line, for an episode voiced while its
    -- script is written (listening while it is made). Lines are only ever added: a line here
    -- may already have been heard. The finished script is still episodes.script_text.
    CREATE TABLE episode_draft_lines (
      episode_id text NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
      position integer NOT NULL CHECK (position >= 0),
      speaker text NOT NULL,
      text text NOT NULL,
      section text,
      -- A quote kept in its own language (ScriptLine.language); null for the episode's.
      language text,
      PRIMARY KEY (episode_id, position)
    );

    -- A live stream of an episode's first render: its audio, mastered and published in
    -- segments as the lines are voiced. A render that goes on where a dead one stopped goes
    -- on with its take; one that cannot (another engine) starts the next take, and the
    -- stream of the last one ends where it was.
    CREATE TABLE episode_live_takes (
      episode_id text NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
      take integer NOT NULL CHECK (take >= 1),
      revision integer NOT NULL,
      -- Its last line is published: a stream of it ends there.
      complete boolean NOT NULL DEFAULT false,
      -- Another take replaced it: a stream of it ends where it is.
      abandoned boolean NOT NULL DEFAULT false,
      duration_ms integer NOT NULL DEFAULT 0 CHECK (duration_ms >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (episode_id, take)
    );
    CREATE TABLE episode_live_segments (
      episode_id text NOT NULL,
      take integer NOT NULL,
      seq integer NOT NULL CHECK (seq >= 0),
      -- Each attempt writes its own object: a superseded attempt can never change bytes a listener was sent.
      object_key text NOT NULL,
      first_line integer NOT NULL CHECK (first_line >= 0),
      line_count integer NOT NULL CHECK (line_count >= 1),
      bytes integer NOT NULL CHECK (bytes > 0),
      -- media's LiveSegmentRecord: its chunks, plan and layout carry.
      record jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (episode_id, take, seq),
      FOREIGN KEY (episode_id, take) REFERENCES episode_live_takes (episode_id, take) ON DELETE CASCADE
    );

    -- The take a listener is given now and how long it plays; null when there is none.
    ALTER TABLE episodes ADD COLUMN live_take integer;
    ALTER TABLE episodes ADD COLUMN live_duration_ms integer;
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE episodes DROP COLUMN live_take, DROP COLUMN live_duration_ms;
    DROP TABLE episode_live_segments, episode_live_takes, episode_draft_lines;
  `.execute(db);
}
