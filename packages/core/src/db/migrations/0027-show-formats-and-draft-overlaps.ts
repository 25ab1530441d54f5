// Frozen: never edit a migration that has shipped; add a new one.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    -- A show's format and reactions: defaults for the episodes and briefings made in it, as
    -- its other defaults are (null: the show sets none, the interface's default applies).
    ALTER TABLE shows
      ADD COLUMN format text
        CHECK (format IN ('deep_dive', 'brief', 'debate', 'critique', 'interview')),
      ADD COLUMN reactions text
        CHECK (reactions IN ('none', 'some', 'lively'));
    -- A line of a script still being written may be a reaction (mixed under the nearest
    -- whole line before it, after its word reaction_after_word) or a cut-in (starting
    -- overlap_ms before the line before it ends), as the finished script's script_overlaps
    -- says: the live render places it as the finished file will.
    ALTER TABLE episode_draft_lines
      ADD COLUMN reaction_after_word integer CHECK (reaction_after_word >= 1),
      ADD COLUMN overlap_ms integer CHECK (overlap_ms >= 1),
      ADD CONSTRAINT episode_draft_lines_one_overlap CHECK (reaction_after_word IS NULL OR overlap_ms IS NULL);
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE episode_draft_lines DROP COLUMN reaction_after_word, DROP COLUMN overlap_ms;
    ALTER TABLE shows DROP COLUMN format, DROP COLUMN reactions;
  `.execute(db);
}
