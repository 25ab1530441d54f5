// What an episode's render is waiting on while its progress stands still (a Chatterbox
// server loading its model), shown as `progressNote` and sent on the progress stream.
// Only the render attempt that holds the episode writes it; any move of the episode's
// status or progress clears it (repositories/episodes.ts).
import { sql } from 'kysely';
import type { Trx } from '../db/connect.ts';
import { notifyProgress } from '../progress.ts';

/** Longest note kept (the column's check); a longer one is cut. */
const MAX_NOTE_CHARACTERS = 500;

/**
 * Sets (or, with null, clears) the note of an episode that is rendering under
 * `renderAttempt`, and publishes it; false when the episode is gone, no longer rendering,
 * held by another attempt, or already says the same. The change and its notification
 * commit together, in the caller's transaction.
 */
export async function updateEpisodeProgressNote(trx: Trx, id: string, note: string | null, renderAttempt: number): Promise<boolean> {
  const text = note === null ? null : note.slice(0, MAX_NOTE_CHARACTERS);
  const row = await trx
    .updateTable('episodes')
    .set({ progress_note: text, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'generating_audio')
    .where('render_attempt', '=', renderAttempt)
    .where(sql<boolean>`progress_note IS DISTINCT FROM ${text}`)
    .returning(['id', 'status', 'progress_percent'])
    .executeTakeFirst();
  if (!row) return false;
  await notifyProgress(trx, { id: row.id, status: row.status, progressPercent: row.progress_percent, at: Date.now(), note: text });
  return true;
}
