// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- How an episode is built (deep_dive, brief, debate, critique, interview) and how much its
    -- listening hosts react while another speaks (none, some, lively). Episodes and briefings
    -- made before these existed were written as deep dives in strict turns: they keep that
    -- (their audio was mastered with fixed pauses, which a re-render must keep to reuse it).
    -- New rows always name both; the columns' defaults are then the interface's.
    ALTER TABLE episodes
      ADD COLUMN format text NOT NULL DEFAULT 'deep_dive'
        CHECK (format IN ('deep_dive', 'brief', 'debate', 'critique', 'interview')),
      ADD COLUMN reactions text NOT NULL DEFAULT 'none'
        CHECK (reactions IN ('none', 'some', 'lively'));
    ALTER TABLE episodes ALTER COLUMN reactions SET DEFAULT 'some';
    ALTER TABLE briefing_configs
      ADD COLUMN format text NOT NULL DEFAULT 'deep_dive'
        CHECK (format IN ('deep_dive', 'brief', 'debate', 'critique', 'interview')),
      ADD COLUMN reactions text NOT NULL DEFAULT 'none'
        CHECK (reactions IN ('none', 'some', 'lively'));
    ALTER TABLE briefing_configs ALTER COLUMN reactions SET DEFAULT 'some';
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE episodes DROP COLUMN format, DROP COLUMN reactions;
    ALTER TABLE briefing_configs DROP COLUMN format, DROP COLUMN reactions;
  `.execute(db);
}
