// Episodes and their transcript segments. State changes go through
// `moveEpisode`, which updates the row and notifies listeners in the caller's
// transaction, so a NOTIFY is never sent for a change that rolled back.
import { sql } from 'kysely';
import type { Executor, Trx } from '../db/connect.ts';
import type { EpisodeRow, EpisodeUpdate, NewEpisode, NewTranscriptSegment, TranscriptSegmentRow } from '../db/schema.ts';
import type { EpisodeStatus } from '../episode-states.ts';
import { notifyProgress } from '../progress.ts';

export async function insertEpisode(trx: Trx, episode: NewEpisode): Promise<EpisodeRow> {
  return trx.insertInto('episodes').values(episode).returningAll().executeTakeFirstOrThrow();
}

export async function findEpisode(db: Executor, id: string): Promise<EpisodeRow | undefined> {
  return db.selectFrom('episodes').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface EpisodeListQuery {
  userId: string;
  status?: EpisodeStatus | undefined;
  limit: number;
  offset: number;
}

export async function listEpisodes(db: Executor, query: EpisodeListQuery): Promise<{ rows: EpisodeRow[]; total: number }> {
  let base = db.selectFrom('episodes').where('user_id', '=', query.userId);
  if (query.status) base = base.where('status', '=', query.status);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function deleteEpisode(db: Executor, id: string): Promise<EpisodeRow | undefined> {
  return db.deleteFrom('episodes').where('id', '=', id).returningAll().executeTakeFirst();
}

export interface EpisodeMove {
  status: EpisodeStatus;
  progressPercent: number;
  /** Only move if the episode is in one of these states (guards against races and replays). */
  from: readonly EpisodeStatus[];
  set?: Omit<EpisodeUpdate, 'status' | 'progress_percent' | 'updated_at' | 'id' | 'user_id'>;
}

/**
 * Moves an episode to a new state and publishes the change. Returns the updated row,
 * or undefined when the episode is gone or no longer in an expected state.
 */
export async function moveEpisode(trx: Trx, id: string, move: EpisodeMove): Promise<EpisodeRow | undefined> {
  const row = await trx
    .updateTable('episodes')
    .set({ ...move.set, status: move.status, progress_percent: move.progressPercent, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', 'in', [...move.from])
    .returningAll()
    .executeTakeFirst();
  if (row) {
    await notifyProgress(trx, { id, status: row.status, progressPercent: row.progress_percent, at: Date.now() });
  }
  return row;
}

export async function replaceTranscript(trx: Trx, episodeId: string, segments: NewTranscriptSegment[]): Promise<void> {
  await trx.deleteFrom('transcript_segments').where('episode_id', '=', episodeId).execute();
  if (segments.length > 0) await trx.insertInto('transcript_segments').values(segments).execute();
}

export async function listTranscript(db: Executor, episodeId: string): Promise<TranscriptSegmentRow[]> {
  return db.selectFrom('transcript_segments').selectAll().where('episode_id', '=', episodeId).orderBy('position').execute();
}
