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
    -- Which script lines are reactions (mixed under the line before them, after one of its
    -- words) or cut-ins (starting before it ends): one entry per line beside the text, as the
    -- lines' refs are, so the text keeps its "[Host 1]: …" form. Null: no line overlaps.
    ALTER TABLE episodes ADD COLUMN script_overlaps jsonb;
    ALTER TABLE episode_revisions ADD COLUMN script_overlaps jsonb;
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE episode_revisions DROP COLUMN script_overlaps;
    ALTER TABLE episodes DROP COLUMN format, DROP COLUMN reactions, DROP COLUMN script_overlaps;
    ALTER TABLE briefing_configs DROP COLUMN format, DROP COLUMN reactions;
  `.execute(db);
}
