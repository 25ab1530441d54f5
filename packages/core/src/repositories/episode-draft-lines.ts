// An episode's script as it is written (episode_draft_lines): the script task adds lines
// as the writer gives them, the render voices them as they come. Lines are only added,
// each at the next position: a second writer of the same episode (a doubled job) finds
// its positions taken and adds nothing.
import { sql } from 'kysely';
import type { Executor, Trx } from '../db/connect.ts';
import type { ScriptLine } from '../script-lines.ts';

/** Adds `lines` at positions `from`, `from + 1`, …; returns how many were added (0 when another writer got there first). */
export async function insertDraftLines(trx: Trx, episodeId: string, from: number, lines: readonly ScriptLine[]): Promise<number> {
  if (lines.length === 0) return 0;
  const inserted = await trx
    .insertInto('episode_draft_lines')
    .values(
      lines.map((line, index) => ({
        episode_id: episodeId,
        position: from + index,
        speaker: line.speaker,
        text: line.text,
        section: line.section ?? null,
        language: line.language ?? null,
        reaction_after_word: line.reaction?.afterWord ?? null,
        overlap_ms: line.overlapMs ?? null,
      })),
    )
    .onConflict((conflict) => conflict.doNothing())
    .returning('position')
    .execute();
  return inserted.length;
}

/** The lines from `from` on, in order, as script lines. */
export async function selectDraftLines(db: Executor, episodeId: string, from = 0): Promise<ScriptLine[]> {
  const rows = await db.selectFrom('episode_draft_lines').selectAll().where('episode_id', '=', episodeId).where('position', '>=', from).orderBy('position').execute();
  return rows.map((row) => ({
    speaker: row.speaker,
    text: row.text,
    ...(row.section === null ? {} : { section: row.section }),
    ...(row.language === null ? {} : { language: row.language }),
    ...(row.reaction_after_word === null ? {} : { reaction: { afterWord: row.reaction_after_word } }),
    ...(row.overlap_ms === null ? {} : { overlapMs: row.overlap_ms }),
  }));
}

export async function countDraftLines(db: Executor, episodeId: string): Promise<number> {
  const row = await db.selectFrom('episode_draft_lines').select(sql<number>`count(*)::int`.as('lines')).where('episode_id', '=', episodeId).executeTakeFirstOrThrow();
  return row.lines;
}

/** Once the finished script is stored (episodes.script_text), its draft is not needed. */
export async function deleteDraftLines(trx: Trx, episodeId: string): Promise<void> {
  await trx.deleteFrom('episode_draft_lines').where('episode_id', '=', episodeId).execute();
}

