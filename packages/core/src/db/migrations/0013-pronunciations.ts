// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- An account's pronunciation lexicon: how a term is to be said when a line is voiced.
    CREATE TABLE pronunciations (
      id text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      -- As the user wrote it (NFC, whitespace collapsed).
      term text NOT NULL CHECK (char_length(term) BETWEEN 1 AND 100),
      -- What makes two entries the same term: the term as written for a case-sensitive entry,
      -- lower-cased for the others. Computed by the application, so it does not depend on the
      -- database's collation.
      term_key text NOT NULL,
      say_as text CHECK (char_length(say_as) BETWEEN 1 AND 200),
      ipa text CHECK (char_length(ipa) BETWEEN 1 AND 200),
      case_sensitive boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT pronunciations_said_check CHECK (say_as IS NOT NULL OR ipa IS NOT NULL),
      -- One case-insensitive entry per term, and one case-sensitive entry per spelling.
      CONSTRAINT pronunciations_term_key UNIQUE (user_id, case_sensitive, term_key)
    );
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE pronunciations`.execute(db);
}
