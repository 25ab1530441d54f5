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

/** The episode, locked until the caller's transaction ends, so a check and a change cannot be raced. */
export async function lockEpisode(trx: Trx, id: string): Promise<EpisodeRow | undefined> {
  return trx.selectFrom('episodes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Every episode of a user, newest first (for the data export). */
export async function listAllEpisodes(db: Executor, userId: string): Promise<EpisodeRow[]> {
  return db.selectFrom('episodes').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export type EpisodeFiles = Pick<EpisodeRow, 'id' | 'audio_key' | 'source_key'>;

/** What each of a user's episodes keeps in storage, so deleting the account can remove it. */
export async function listEpisodeFiles(db: Executor, userId: string): Promise<EpisodeFiles[]> {
  return db.selectFrom('episodes').select(['id', 'audio_key', 'source_key']).where('user_id', '=', userId).execute();
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

/** The text an ingested source yielded, for the script writer. */
export async function storeSourceText(trx: Trx, id: string, text: string): Promise<void> {
  await trx.updateTable('episodes').set({ source_text: text, updated_at: sql`now()` }).where('id', '=', id).execute();
}

export interface WrittenScriptFields {
  script_text: string;
  title: string;
  description: string;
  script_writer: string;
  llm_input_tokens: number;
  llm_output_tokens: number;
}

/** A newly written script with its title, description, writer and the tokens it took. */
export async function storeScript(trx: Trx, id: string, fields: WrittenScriptFields): Promise<void> {
  await trx.updateTable('episodes').set({ ...fields, updated_at: sql`now()` }).where('id', '=', id).execute();
}

/** A reviewed script's new text. */
export async function updateScriptText(trx: Trx, id: string, scriptText: string): Promise<EpisodeRow> {
  return trx.updateTable('episodes').set({ script_text: scriptText, updated_at: sql`now()` }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function replaceTranscript(trx: Trx, episodeId: string, segments: NewTranscriptSegment[]): Promise<void> {
  await trx.deleteFrom('transcript_segments').where('episode_id', '=', episodeId).execute();
  if (segments.length > 0) await trx.insertInto('transcript_segments').values(segments).execute();
}

export async function listTranscript(db: Executor, episodeId: string): Promise<TranscriptSegmentRow[]> {
  return db.selectFrom('transcript_segments').selectAll().where('episode_id', '=', episodeId).orderBy('position').execute();
}

/** The owner's edits to an episode's title, description or visibility. */
export async function updateEpisodeDetails(
  trx: Trx,
  id: string,
  changes: { title?: string | undefined; description?: string | undefined; is_public?: boolean | undefined },
): Promise<EpisodeRow> {
  return trx.updateTable('episodes').set({ ...changes, updated_at: sql`now()` }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * Caches the audio file's size for feed enclosures. The file never changes once the
 * episode is ready, so this is not an edit: updated_at (the feed's Last-Modified) stays.
 */
export async function storeAudioBytes(db: Executor, id: string, bytes: number): Promise<void> {
  await db.updateTable('episodes').set({ audio_bytes: bytes }).where('id', '=', id).where('audio_bytes', 'is', null).execute();
}
