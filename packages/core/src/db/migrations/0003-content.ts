// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- Uploaded originals live in storage; the row keeps where, and the name the user gave.
    ALTER TABLE episodes ADD COLUMN source_key text;
    ALTER TABLE episodes ADD COLUMN source_filename text;
    -- Show notes (summary, key points, topics, chapters) written when the episode is ready.
    ALTER TABLE episodes ADD COLUMN show_notes jsonb;
    -- Which script writer wrote the script ('llm' or 'offline').
    ALTER TABLE episodes ADD COLUMN script_writer text;
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE episodes DROP COLUMN source_key, DROP COLUMN source_filename, DROP COLUMN show_notes, DROP COLUMN script_writer;
  `.execute(db);
}
