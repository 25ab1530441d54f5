// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- What the script stage did with the source's passages in another language than the
    -- episode's: long runs left out, quotes kept and said in their own language. Null when
    -- the source was all in the episode's language (and for every episode made before).
    ALTER TABLE episodes ADD COLUMN language_note text;
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE episodes DROP COLUMN language_note;`.execute(db);
}
