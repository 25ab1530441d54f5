// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- The minutes asked for with durationMinutes; null when the length is the preset's.
    ALTER TABLE episodes ADD COLUMN duration_minutes integer CHECK (duration_minutes > 0);
    -- Written with the script: how long the whole source runs read out, when that is short
    -- of the length asked for (the episode is then shorter, never padded); null when the
    -- source holds enough. The length note is worked out from it and the audio's duration.
    ALTER TABLE episodes ADD COLUMN source_limit_ms integer CHECK (source_limit_ms >= 0);
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE episodes DROP COLUMN duration_minutes, DROP COLUMN source_limit_ms`.execute(db);
}
