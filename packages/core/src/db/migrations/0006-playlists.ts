// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- The audio file's exact size in bytes, for feed enclosures; filled from storage the
    -- first time a feed lists the episode (the file never changes once the episode is ready).
    ALTER TABLE episodes ADD COLUMN audio_bytes bigint CHECK (audio_bytes >= 0);

    -- Lets playlist members reference (episode, owner) pairs, so the database itself
    -- refuses a playlist holding someone else's episode.
    ALTER TABLE episodes ADD CONSTRAINT episodes_id_user_key UNIQUE (id, user_id);

    CREATE TABLE playlists (
      id text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
      description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 500),
      created_at timestamptz NOT NULL DEFAULT now(),
      -- Also moved by every change of membership or order (the triggers below).
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT playlists_id_user_key UNIQUE (id, user_id)
    );
    CREATE INDEX playlists_user_created_idx ON playlists (user_id, created_at DESC, id DESC);

    CREATE TABLE playlist_episodes (
      playlist_id text NOT NULL,
      episode_id text NOT NULL,
      user_id uuid NOT NULL,
      position integer NOT NULL CHECK (position >= 1),
      added_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (playlist_id, episode_id),
      FOREIGN KEY (playlist_id, user_id) REFERENCES playlists (id, user_id) ON DELETE CASCADE,
      FOREIGN KEY (episode_id, user_id) REFERENCES episodes (id, user_id) ON DELETE CASCADE,
      -- Checked at the end of each statement, so one UPDATE can renumber a whole playlist.
      CONSTRAINT playlist_episodes_position_key UNIQUE (playlist_id, position) DEFERRABLE INITIALLY IMMEDIATE
    );
    CREATE INDEX playlist_episodes_episode_idx ON playlist_episodes (episode_id);
    CREATE INDEX playlist_episodes_user_idx ON playlist_episodes (user_id);

    -- One current private feed per playlist; only the SHA-256 of its token is kept.
    CREATE TABLE playlist_feeds (
      playlist_id text PRIMARY KEY REFERENCES playlists (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    -- Positions stay 1..n without gaps whatever removes a member: the API, deleting an
    -- episode, or a cascade. Runs once per statement, in its transaction. The playlists
    -- are locked first (in id order, as adds lock them), so a concurrent add waits and
    -- then appends after the renumbered members instead of leaving a gap.
    CREATE FUNCTION playlist_episodes_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM 1 FROM playlists WHERE id IN (SELECT playlist_id FROM removed) ORDER BY id FOR NO KEY UPDATE;
      UPDATE playlist_episodes AS member
         SET position = ranked.rank
        FROM (SELECT playlist_id, episode_id,
                     row_number() OVER (PARTITION BY playlist_id ORDER BY position) AS rank
                FROM playlist_episodes
               WHERE playlist_id IN (SELECT playlist_id FROM removed)) AS ranked
       WHERE member.playlist_id = ranked.playlist_id
         AND member.episode_id = ranked.episode_id
         AND member.position <> ranked.rank;
      UPDATE playlists SET updated_at = now() WHERE id IN (SELECT playlist_id FROM removed);
      RETURN NULL;
    END $$;
    CREATE TRIGGER playlist_episodes_deleted AFTER DELETE ON playlist_episodes
      REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION playlist_episodes_after_delete();

    -- Adding or reordering members changes the playlist: its updated_at (and so its
    -- feed's Last-Modified) moves too.
    CREATE FUNCTION playlist_episodes_touch_playlist() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE playlists SET updated_at = now() WHERE id IN (SELECT playlist_id FROM changed);
      RETURN NULL;
    END $$;
    CREATE TRIGGER playlist_episodes_inserted AFTER INSERT ON playlist_episodes
      REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION playlist_episodes_touch_playlist();
    CREATE TRIGGER playlist_episodes_updated AFTER UPDATE ON playlist_episodes
      REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION playlist_episodes_touch_playlist();
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE playlist_feeds, playlist_episodes, playlists;
    DROP FUNCTION playlist_episodes_after_delete(), playlist_episodes_touch_playlist();
    ALTER TABLE episodes DROP CONSTRAINT episodes_id_user_key, DROP COLUMN audio_bytes;
  `.execute(db);
}
