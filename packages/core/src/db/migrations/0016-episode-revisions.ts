// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- Every render of an episode is a numbered revision: the script it rendered, what it
    -- voiced and reused, and (once published) its audio and the records the next render
    -- reuses MP3 chunks from. One revision is published at a time (episodes.published_revision);
    -- the one rendering next to it changes nothing listeners get until it is published.
    CREATE TABLE episode_revisions (
      episode_id text NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
      revision integer NOT NULL CHECK (revision >= 1),
      status text NOT NULL DEFAULT 'rendering' CHECK (status IN ('rendering', 'published', 'replaced', 'failed')),
      script_text text NOT NULL,
      -- Set when the revision restores the script of an earlier one.
      restored_from integer,
      lines_total integer NOT NULL CHECK (lines_total >= 0),
      -- Lines added, removed or changed against the revision published when this one was made.
      lines_changed integer NOT NULL CHECK (lines_changed >= 0),
      -- Filled in when the revision is published: lines voiced for it, lines found stored.
      lines_rendered integer,
      lines_reused integer,
      audio_key text,
      audio_duration_ms integer,
      audio_bytes bigint,
      -- media's ChunkTable and EpisodeMasterPlan: the next render copies unchanged chunks with them.
      chunk_table jsonb,
      master_plan jsonb,
      -- The segment key of each line, in order: the segments retention keeps for the published revision.
      segment_keys text[],
      error_message text,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      PRIMARY KEY (episode_id, revision)
    );
    -- One render of an episode at a time.
    CREATE UNIQUE INDEX episode_revisions_rendering_idx ON episode_revisions (episode_id) WHERE status = 'rendering';

    ALTER TABLE episodes ADD COLUMN published_revision integer;
    -- When the audio served now was published (the first ready, or a later revision).
    ALTER TABLE episodes ADD COLUMN audio_published_at timestamptz;

    -- The voiced lines kept in storage (episodes/<id>/segments/<key>.wav), one row per key,
    -- written before the object: a segment whose row is gone is never trusted again, and
    -- retention finds what to delete here (rows first, then objects).
    CREATE TABLE episode_segments (
      episode_id text NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
      segment_key text NOT NULL CHECK (segment_key ~ '^[0-9a-f]{64}$'),
      -- The revision whose render voiced it, and what that cost: usage counts what was voiced,
      -- each voicing once, when a published revision first uses it.
      revision integer NOT NULL,
      characters integer NOT NULL CHECK (characters >= 0),
      audio_ms integer NOT NULL CHECK (audio_ms >= 0),
      counted boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      -- Moved by every render that uses the segment.
      last_used_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (episode_id, segment_key)
    );
    CREATE INDEX episode_segments_last_used_idx ON episode_segments (last_used_at);

    -- episode.updated is sent once per published revision, so the revision joins the key
    -- that makes an event once per webhook (0 for the events of an episode's final state).
    ALTER TABLE webhook_events ADD COLUMN revision integer NOT NULL DEFAULT 0;
    DROP INDEX webhook_events_once_idx;
    CREATE UNIQUE INDEX webhook_events_once_idx ON webhook_events (webhook_id, episode_id, event, revision) WHERE episode_id IS NOT NULL;

    -- Episodes made before revisions: their audio is revision 1, published. They have no
    -- stored segments or chunk table, so their first re-render voices and encodes every line.
    INSERT INTO episode_revisions (episode_id, revision, status, script_text, lines_total, lines_changed, lines_rendered, lines_reused,
                                   audio_key, audio_duration_ms, audio_bytes, created_at, finished_at)
    SELECT id, 1, 'published', coalesce(script_text, ''), lines.total, lines.total, lines.total, 0,
           audio_key, audio_duration_ms, audio_bytes, coalesce(completed_at, updated_at), coalesce(completed_at, updated_at)
    FROM episodes,
         LATERAL (SELECT count(*)::int AS total FROM regexp_split_to_table(coalesce(script_text, ''), E'\\n') AS line WHERE line ~ '^\\s*\\[') AS lines
    WHERE audio_key IS NOT NULL;
    UPDATE episodes SET published_revision = 1, audio_published_at = coalesce(completed_at, updated_at) WHERE audio_key IS NOT NULL;
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP INDEX webhook_events_once_idx;
    DELETE FROM webhook_events WHERE revision <> 0;
    CREATE UNIQUE INDEX webhook_events_once_idx ON webhook_events (webhook_id, episode_id, event) WHERE episode_id IS NOT NULL;
    ALTER TABLE webhook_events DROP COLUMN revision;
    DROP TABLE episode_segments, episode_revisions;
    ALTER TABLE episodes DROP COLUMN published_revision, DROP COLUMN audio_published_at;
  `.execute(db);
}
