// An episode's revisions: one row per render, numbered from 1. Callers hold the episode's
// row lock (or its render attempt) while they add or settle one, so numbers never clash
// and only one revision renders at a time (a partial unique index backs that).
import { sql } from 'kysely';
import type { Executor, Trx } from '../db/connect.ts';
import type { EpisodeRevisionRow, NewEpisodeRevision } from '../db/schema.ts';

export async function insertEpisodeRevision(trx: Trx, revision: Omit<NewEpisodeRevision, 'revision'>): Promise<EpisodeRevisionRow> {
  return trx
    .insertInto('episode_revisions')
    .values({
      ...revision,
      revision: sql<number>`(SELECT coalesce(max(revision), 0) + 1 FROM episode_revisions WHERE episode_id = ${revision.episode_id})`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function selectEpisodeRevision(db: Executor, episodeId: string, revision: number): Promise<EpisodeRevisionRow | undefined> {
  return db.selectFrom('episode_revisions').selectAll().where('episode_id', '=', episodeId).where('revision', '=', revision).executeTakeFirst();
}

/** The revision being rendered, if one is. */
export async function selectRenderingRevision(db: Executor, episodeId: string): Promise<EpisodeRevisionRow | undefined> {
  return db.selectFrom('episode_revisions').selectAll().where('episode_id', '=', episodeId).where('status', '=', 'rendering').executeTakeFirst();
}

/** What a list of revisions shows: not the script, chunk table or plan each carries (tens of KB apiece on a long episode). */
const REVISION_SUMMARY_COLUMNS = ['revision', 'created_at', 'status', 'lines_changed', 'lines_rendered', 'lines_reused', 'audio_duration_ms', 'error_message', 'restored_from'] as const;
export type RevisionSummaryRow = Pick<EpisodeRevisionRow, (typeof REVISION_SUMMARY_COLUMNS)[number]>;

/** Newest first. */
export async function selectRevisionPage(db: Executor, episodeId: string, page: { limit: number; offset: number }): Promise<{ rows: RevisionSummaryRow[]; total: number }> {
  const base = db.selectFrom('episode_revisions').where('episode_id', '=', episodeId);
  const [rows, count] = await Promise.all([
    base.select(REVISION_SUMMARY_COLUMNS).orderBy('revision', 'desc').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export interface PublishedRevisionFields {
  lines_rendered: number;
  lines_reused: number;
  audio_key: string;
  audio_duration_ms: number;
  audio_bytes: number;
  chunk_table: string;
  master_plan: string;
  segment_keys: string[];
}

/** The rendering revision becomes the published one; the one published before it is replaced. */
export async function updateRevisionPublished(trx: Trx, episodeId: string, revision: number, fields: PublishedRevisionFields): Promise<void> {
  await trx
    .updateTable('episode_revisions')
    .set({ status: 'replaced' })
    .where('episode_id', '=', episodeId)
    .where('status', '=', 'published')
    .execute();
  await trx
    .updateTable('episode_revisions')
    .set({ ...fields, status: 'published', error_message: null, finished_at: sql`now()` })
    .where('episode_id', '=', episodeId)
    .where('revision', '=', revision)
    .execute();
}

/** A revision rendered while its script was written (a live render) gets the finished script. */
export async function updateRevisionScript(trx: Trx, episodeId: string, revision: number, script: { script_text: string; script_refs: string | null; script_overlaps: string | null; lines_total: number; lines_changed: number }): Promise<void> {
  await trx.updateTable('episode_revisions').set(script).where('episode_id', '=', episodeId).where('revision', '=', revision).where('status', '=', 'rendering').execute();
}

/** The rendering revision (if any) failed, and why. */
export async function updateRevisionFailed(trx: Trx, episodeId: string, reason: string): Promise<void> {
  await trx
    .updateTable('episode_revisions')
    .set({ status: 'failed', error_message: reason, finished_at: sql`now()` })
    .where('episode_id', '=', episodeId)
    .where('status', '=', 'rendering')
    .execute();
}

/**
 * Audio of replaced revisions still in storage (the served file is always the published
 * revision's), taken off their rows in the caller's transaction: the files go after it commits.
 */
export async function updateReplacedAudioCleared(trx: Trx, limit: number): Promise<{ episode_id: string; audio_key: string }[]> {
  const rows = await sql<{ episode_id: string; audio_key: string }>`
    UPDATE episode_revisions AS r SET audio_key = NULL
    FROM (
      SELECT episode_id, revision, audio_key FROM episode_revisions
      WHERE status = 'replaced' AND audio_key IS NOT NULL
      ORDER BY finished_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
    ) AS old
    WHERE r.episode_id = old.episode_id AND r.revision = old.revision
    RETURNING old.episode_id, old.audio_key`.execute(trx);
  return rows.rows;
}
