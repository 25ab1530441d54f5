// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- An episode as captioned video, made by a media worker from one published revision's
    -- audio and transcript: the whole episode in one shape (made on the first request, once
    -- per revision and shape), or a clip of it (asked for by its owner, listed and deleted).
    -- A row is the claim on the making as well as its record: the first request inserts it
    -- and queues the job in one transaction, the job moves it on and records the file.
    CREATE TABLE episode_videos (
      id text PRIMARY KEY,
      episode_id text NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('video', 'clip')),
      revision integer NOT NULL CHECK (revision >= 1),
      shape text NOT NULL CHECK (shape IN ('square', 'landscape', 'vertical')),
      -- The span of the revision's audio it shows: the whole of it for a video, whole lines for a clip.
      start_ms integer NOT NULL CHECK (start_ms >= 0),
      end_ms integer NOT NULL CHECK (end_ms > start_ms),
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'rendering', 'ready', 'failed')),
      progress_percent integer NOT NULL DEFAULT 0 CHECK (progress_percent BETWEEN 0 AND 100),
      video_key text,
      video_bytes bigint,
      error_message text,
      requested_at timestamptz NOT NULL DEFAULT now(),
      -- Moved by every step of the making: a claim that stops moving was lost with its job.
      updated_at timestamptz NOT NULL DEFAULT now(),
      made_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((status = 'ready') = (video_key IS NOT NULL))
    );
    -- Made once: one video per revision and shape, one clip per revision, shape and span.
    CREATE UNIQUE INDEX episode_videos_made_once_idx ON episode_videos (episode_id, kind, revision, shape, start_ms, end_ms);
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE episode_videos`.execute(db);
}
