// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- A lexicon entry said in one voice (GET /api/pronunciations/:id/sample): asked for once
    -- (the first request queues a media worker's job), then kept. The version is a digest of
    -- what the sample says (the entry's fields and the phrase around the term), so a changed
    -- entry is another row and an old sample is never served for it; the entry's change
    -- deletes the other versions' rows, and its deletion all of them.
    CREATE TABLE pronunciation_samples (
      pronunciation_id text NOT NULL REFERENCES pronunciations (id) ON DELETE CASCADE,
      voice_id text NOT NULL REFERENCES voices (id) ON DELETE CASCADE,
      version text NOT NULL CHECK (version ~ '^[0-9a-f]{32}$'),
      sample_key text,
      requested_at timestamptz NOT NULL DEFAULT now(),
      made_at timestamptz,
      PRIMARY KEY (pronunciation_id, voice_id, version)
    );
    CREATE INDEX pronunciation_samples_voice_idx ON pronunciation_samples (voice_id);
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE pronunciation_samples`.execute(db);
}
