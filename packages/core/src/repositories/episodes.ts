// Episodes and their transcript segments. State changes go through
// `updateEpisodeStatus`, which updates the row and notifies listeners in the caller's
// transaction, so a NOTIFY is never sent for a change that rolled back.
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Executor, Trx } from '../db/connect.ts';
import { nameStatement } from '../db/named-statements.ts';
import type { EpisodeRow, EpisodeUpdate, NewEpisode, NewTranscriptSegment, TranscriptSegmentRow } from '../db/schema.ts';
import { unfinishedJobExists } from '../db/graphile-worker-schema.ts';
import { STAGE_PROGRESS, type EpisodeStatus } from '../episode-states.ts';
import { notifyProgress } from '../progress.ts';
import { SOURCE_SUMMARY_COLUMNS, type SourceSummary } from './episode-sources.ts';

export async function insertEpisode(trx: Trx, episode: NewEpisode): Promise<EpisodeRow> {
  return trx.insertInto('episodes').values(episode).returningAll().executeTakeFirstOrThrow();
}

export async function selectEpisodeById(db: Executor, id: string): Promise<EpisodeRow | undefined> {
  return db.selectFrom('episodes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An episode's row with what its view shows beside it: its sources (in order, without their texts) and its show's name. */
export type EpisodeWithDetail = EpisodeRow & { sources: SourceSummary[]; show_name: string | null };

/**
 * The API's hottest read in one statement, prepared by name: the row, its sources and its
 * show's name. Each statement PostgreSQL parses and plans costs the request more than the
 * rows it brings (docs/benchmarks.md).
 */
export async function selectEpisodeWithDetail(db: Executor, id: string): Promise<EpisodeWithDetail | undefined> {
  const query = db
    .selectFrom('episodes')
    .selectAll('episodes')
    .select((eb) => [
      jsonArrayFrom(eb.selectFrom('episode_sources').select(SOURCE_SUMMARY_COLUMNS).whereRef('episode_sources.episode_id', '=', 'episodes.id').orderBy('position')).as('sources'),
      eb.selectFrom('shows').select('shows.name').whereRef('shows.id', '=', 'episodes.show_id').as('show_name'),
    ])
    .where('episodes.id', '=', id);
  nameStatement('episode-with-detail', () => query.compile().sql);
  return query.executeTakeFirst();
}

/** The owner's episode; someone else's reads as missing. */
export async function selectOwnEpisode(db: Executor, userId: string, id: string): Promise<EpisodeRow | undefined> {
  return db.selectFrom('episodes').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** The owner's episode, locked until the caller's transaction ends; someone else's reads as missing. */
export async function lockOwnEpisode(trx: Trx, userId: string, id: string): Promise<EpisodeRow | undefined> {
  return trx.selectFrom('episodes').selectAll().where('id', '=', id).where('user_id', '=', userId).forUpdate().executeTakeFirst();
}

/** The episode, locked until the caller's transaction ends (a publication or failure reads it, then moves it). */
export async function lockEpisode(trx: Trx, id: string): Promise<EpisodeRow | undefined> {
  return trx.selectFrom('episodes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Every episode of a user, newest first (for the data export). */
export async function selectAllEpisodes(db: Executor, userId: string): Promise<EpisodeRow[]> {
  return db.selectFrom('episodes').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export type EpisodeFiles = Pick<EpisodeRow, 'id' | 'audio_key' | 'source_key' | 'render_attempt'>;

/** What each of a user's episodes keeps in storage, so deleting the account can remove it. */
export async function selectEpisodeFiles(db: Executor, userId: string): Promise<EpisodeFiles[]> {
  return db.selectFrom('episodes').select(['id', 'audio_key', 'source_key', 'render_attempt']).where('user_id', '=', userId).execute();
}

export interface EpisodeListQuery {
  userId: string;
  status?: EpisodeStatus | undefined;
  limit: number;
  offset: number;
}

export async function selectEpisodePage(db: Executor, query: EpisodeListQuery): Promise<{ rows: EpisodeRow[]; total: number }> {
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

/** The states an episode works through; `ready` and `error` are reached only through core/episode-outcome.ts. */
type WorkingStatus = Exclude<EpisodeStatus, 'ready' | 'error'>;

export interface EpisodeMove<S extends EpisodeStatus = WorkingStatus> {
  status: S;
  progressPercent: number;
  /** Only move if the episode is in one of these states (guards against races and replays). */
  from: readonly EpisodeStatus[];
  set?: Omit<EpisodeUpdate, 'status' | 'progress_percent' | 'updated_at' | 'id' | 'user_id' | 'render_attempt'>;
  /** Only the render attempt holding this number may move it (see claimRenderAttempt). */
  renderAttempt?: number;
  /** Never lower the progress already shown: a retried render starts again from 70. */
  forwardOnly?: boolean;
}

/**
 * Moves an episode to a new state and publishes the change. Returns the updated row,
 * or undefined when the episode is gone, no longer in an expected state, or held by a
 * newer render attempt.
 */
export async function updateEpisodeStatus(trx: Trx, id: string, move: EpisodeMove): Promise<EpisodeRow | undefined> {
  return applyMove(trx, id, move);
}

/**
 * A move to `ready` or `error`. Call publishEpisodeRevision or failEpisode
 * (core/episode-outcome.ts) instead: they record the episode's webhook events in the
 * same transaction.
 */
export async function updateEpisodeEndStatus(trx: Trx, id: string, move: EpisodeMove<'ready' | 'error'>): Promise<EpisodeRow | undefined> {
  return applyMove(trx, id, move);
}

async function applyMove(trx: Trx, id: string, move: EpisodeMove<EpisodeStatus>): Promise<EpisodeRow | undefined> {
  let update = trx
    .updateTable('episodes')
    // Any move is progress: what the stage was waiting on (progress_note) is over.
    .set({ progress_note: null, ...move.set, status: move.status, progress_percent: move.progressPercent, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('status', 'in', [...move.from]);
  if (move.renderAttempt !== undefined) update = update.where('render_attempt', '=', move.renderAttempt);
  if (move.forwardOnly) update = update.where('progress_percent', '<', move.progressPercent);
  const row = await update.returningAll().executeTakeFirst();
  if (row) await publishProgress(trx, row);
  return row;
}

/**
 * Starts a render: the episode moves to `generating_audio` (keeping any progress already
 * shown) and takes the next render attempt number, which this render then holds for
 * every write. Undefined when the episode is gone or not waiting for audio.
 */
export async function claimRenderAttempt(trx: Trx, id: string, from: readonly EpisodeStatus[]): Promise<EpisodeRow | undefined> {
  const row = await trx
    .updateTable('episodes')
    .set({
      status: 'generating_audio',
      progress_percent: sql<number>`greatest(progress_percent, ${STAGE_PROGRESS.generating_audio})`,
      render_attempt: sql<number>`render_attempt + 1`,
      progress_note: null,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .returningAll()
    .executeTakeFirst();
  if (row) await publishProgress(trx, row);
  return row;
}

async function publishProgress(trx: Trx, row: EpisodeRow): Promise<void> {
  const live = row.status === 'generating_audio' && row.live_take !== null ? { previewMs: row.live_duration_ms ?? 0 } : {};
  await notifyProgress(trx, { id: row.id, status: row.status, progressPercent: row.progress_percent, at: Date.now(), ...live });
}

/** The current state of several episodes at once (a progress listener resyncing its streams). */
export async function selectEpisodeStates(db: Executor, ids: readonly string[]): Promise<Pick<EpisodeRow, 'id' | 'status' | 'progress_percent'>[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('episodes').select(['id', 'status', 'progress_percent']).where('id', 'in', [...ids]).execute();
}

/** The text an ingested source yielded, for the script writer. */
/** The source's text, and its language when it was detected from it. */
export async function updateEpisodeSourceText(trx: Trx, id: string, text: string, language?: Pick<EpisodeUpdate, 'language' | 'language_detected'>): Promise<void> {
  await trx.updateTable('episodes').set({ source_text: text, ...language, updated_at: sql`now()` }).where('id', '=', id).execute();
}

export interface WrittenScriptFields {
  script_text: string;
  /** Each line's refs (source-refs.ts), as JSON text; null for none. */
  script_refs: string | null;
  /** Which lines are reactions or cut-ins (script-overlaps.ts), as JSON text; null for none. */
  script_overlaps: string | null;
  source_refs_dropped: number;
  title: string;
  description: string;
  script_writer: string;
  source_limit_ms: number | null;
  llm_input_tokens: number;
  llm_output_tokens: number;
  language_note: string | null;
}

/** A newly written script with its title, description, writer and the tokens it took. */
export async function updateEpisodeScript(trx: Trx, id: string, fields: WrittenScriptFields): Promise<void> {
  await trx.updateTable('episodes').set({ ...fields, updated_at: sql`now()` }).where('id', '=', id).execute();
}

/** A reviewed or edited script's new text, with its lines' refs and overlaps (JSON text; null for none). */
export async function updateScriptText(trx: Trx, id: string, script: { text: string; refs: string | null; overlaps: string | null }): Promise<EpisodeRow> {
  return trx
    .updateTable('episodes')
    .set({ script_text: script.text, script_refs: script.refs, script_overlaps: script.overlaps, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function upsertTranscript(trx: Trx, episodeId: string, segments: NewTranscriptSegment[]): Promise<void> {
  await trx.deleteFrom('transcript_segments').where('episode_id', '=', episodeId).execute();
  if (segments.length > 0) await trx.insertInto('transcript_segments').values(segments).execute();
}

export async function selectTranscript(db: Executor, episodeId: string): Promise<TranscriptSegmentRow[]> {
  return db.selectFrom('transcript_segments').selectAll().where('episode_id', '=', episodeId).orderBy('position').execute();
}

/**
 * Episodes in a working state that no job will move on: every job for them has finished
 * or used up its attempts (e.g. a job that killed its workers again and again), and
 * nothing changed for `quietMs`. Waiting for review is not working.
 */
export async function selectAbandonedEpisodes(db: Executor, quietMs: number): Promise<{ id: string; progress_percent: number }[]> {
  const result = await sql<{ id: string; progress_percent: number }>`
    SELECT id, progress_percent FROM episodes
    WHERE status IN ('queued', 'ingesting', 'generating_script', 'generating_audio')
      AND updated_at < now() - make_interval(secs => ${quietMs / 1000})
      AND NOT ${unfinishedJobExists('episodeId', sql.ref('episodes.id'))}
    LIMIT 100`.execute(db);
  return result.rows;
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
export async function updateEpisodeAudioBytes(db: Executor, id: string, bytes: number): Promise<void> {
  await db.updateTable('episodes').set({ audio_bytes: bytes }).where('id', '=', id).where('audio_bytes', 'is', null).execute();
}
