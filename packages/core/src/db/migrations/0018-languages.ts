// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- The episode's language (a canonical BCP 47 tag the app checks against its list).
    -- Null only while it waits to be detected from a web page or document at ingest.
    -- Every episode made before languages was English.
    ALTER TABLE episodes
      ADD COLUMN language text,
      -- True when the language was detected from the source rather than asked for
      -- (or taken as the default because the source was too short or mixed to tell).
      ADD COLUMN language_detected boolean NOT NULL DEFAULT false;
    UPDATE episodes SET language = 'en';

    -- A briefing's language; null: each run detects it from the items it compiled.
    ALTER TABLE briefing_configs ADD COLUMN language text;
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE episodes DROP COLUMN language, DROP COLUMN language_detected;
    ALTER TABLE briefing_configs DROP COLUMN language;
  `.execute(db);
}
