// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- Documents an account keeps for use as episode sources (POST /api/documents): the
    -- original under documents/<user>/<id>/original.<type>, read by the worker when an
    -- episode uses it. Deleted with the account.
    CREATE TABLE documents (
      id text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      filename text NOT NULL CHECK (length(filename) BETWEEN 1 AND 255),
      document_type text NOT NULL CHECK (document_type IN ('pdf', 'docx', 'doc', 'txt', 'md')),
      storage_key text NOT NULL,
      bytes bigint NOT NULL CHECK (bytes > 0),
      sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX documents_user_idx ON documents (user_id, created_at DESC, id DESC);

    -- An episode's sources, in the order given (position 0 is "the first source"). Each is
    -- read by episode:ingest into its own text, which script lines point into (script_refs).
    -- kind: typed text, a web page, a stored document, or a file uploaded with the episode.
    CREATE TABLE episode_sources (
      episode_id text NOT NULL REFERENCES episodes (id) ON DELETE CASCADE,
      position integer NOT NULL CHECK (position >= 0),
      kind text NOT NULL CHECK (kind IN ('text', 'url', 'document', 'upload')),
      -- A page's address; for a text, where it came from (a briefing item's link), if known.
      url text,
      -- Typed text as given, until it is read.
      input_text text,
      -- A stored document: gone (null) once the document is deleted; the text read stays.
      document_id text REFERENCES documents (id) ON DELETE SET NULL,
      -- An uploaded file's original (kind upload) or the document's, as it was when chosen.
      storage_key text,
      filename text,
      title text,
      -- The text as read (structured text), which refs' character spans index.
      text text,
      characters integer CHECK (characters >= 0),
      -- The language detected in it (a BCP 47 tag, supported or not); null when it cannot tell.
      language text,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'read', 'failed', 'left_out')),
      error text,
      -- What a reader should know about a read source (cut to the tier's bound, left out for length).
      note text,
      PRIMARY KEY (episode_id, position),
      CHECK ((kind = 'url') <= (url IS NOT NULL)),
      CHECK (status <> 'read' OR text IS NOT NULL)
    );
    CREATE INDEX episode_sources_document_idx ON episode_sources (document_id) WHERE document_id IS NOT NULL;

    -- Each script line's refs, [[{source, start, end}], …], one array per line of script_text
    -- in order; null when none are known (scripts from before sources).
    ALTER TABLE episodes ADD COLUMN script_refs jsonb;
    -- Refs the LLM gave that did not hold up (unknown passage, no shared content words).
    ALTER TABLE episodes ADD COLUMN source_refs_dropped integer NOT NULL DEFAULT 0;
    ALTER TABLE episode_revisions ADD COLUMN script_refs jsonb;
    ALTER TABLE transcript_segments ADD COLUMN source_refs jsonb;

    -- Episodes made before sources: their one source, as it stands.
    INSERT INTO episode_sources (episode_id, position, kind, url, input_text, storage_key, filename, title, text, characters, language, status, error)
    SELECT e.id, 0,
           CASE e.source_type WHEN 'url' THEN 'url' WHEN 'upload' THEN 'upload' ELSE 'text' END,
           e.source_url,
           CASE WHEN read.done THEN NULL ELSE e.source_text END,
           e.source_key, e.source_filename,
           coalesce(e.source_filename, e.title),
           CASE WHEN read.done THEN e.source_text END,
           CASE WHEN read.done THEN length(e.source_text) END,
           CASE WHEN read.done THEN e.language END,
           CASE WHEN read.done THEN 'read' WHEN e.status = 'error' THEN 'failed' ELSE 'pending' END,
           CASE WHEN NOT read.done AND e.status = 'error' THEN e.error_message END
    FROM episodes AS e,
         LATERAL (SELECT e.source_text IS NOT NULL AND e.status NOT IN ('queued', 'ingesting') AS done) AS read;
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE transcript_segments DROP COLUMN source_refs;
    ALTER TABLE episode_revisions DROP COLUMN script_refs;
    ALTER TABLE episodes DROP COLUMN script_refs, DROP COLUMN source_refs_dropped;
    DROP TABLE episode_sources, documents;
  `.execute(db);
}
