// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- What the episode's current stage is waiting on while it stands still, in words a
    -- listener can read ("Waiting for the Chatterbox server to load its model (…)"); null
    -- while it makes progress. Every move of status or progress clears it.
    ALTER TABLE episodes ADD COLUMN progress_note text CHECK (char_length(progress_note) <= 500);
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE episodes DROP COLUMN progress_note`.execute(db);
}
