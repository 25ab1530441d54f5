// An episode's videos and clips (migration 0023). A row is both the claim on making one
// and its record: the api inserts (or re-claims) it and queues the job in one transaction;
// the media worker moves it on, NOTIFYing each step (video/video-progress.ts), and records
// the file only on a row still waiting for one. The episode's owner or readers scope every
// api look-up before these are called.
import { sql } from 'kysely';
import type { Executor, Trx } from '../db/connect.ts';
import type { EpisodeVideoRow, NewEpisodeVideo } from '../db/schema.ts';
import { notifyVideoProgress } from '../video/video-progress.ts';
import type { VideoKind, VideoShape } from '../video/video-shapes.ts';

/** What a video is made from: the key it is made once under. */
export interface VideoIdentity {
  episodeId: string;
  kind: VideoKind;
  revision: number;
  shape: VideoShape;
  startMs: number;
  endMs: number;
}

export async function selectEpisodeVideoById(db: Executor, id: string): Promise<EpisodeVideoRow | undefined> {
  return db.selectFrom('episode_videos').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The episode's clip with this id (another episode's reads as missing). */
export async function selectEpisodeClip(db: Executor, episodeId: string, id: string): Promise<EpisodeVideoRow | undefined> {
  return db.selectFrom('episode_videos').selectAll().where('id', '=', id).where('episode_id', '=', episodeId).where('kind', '=', 'clip').executeTakeFirst();
}

export async function selectEpisodeVideo(db: Executor, identity: VideoIdentity): Promise<EpisodeVideoRow | undefined> {
  return db
    .selectFrom('episode_videos')
    .selectAll()
    .where('episode_id', '=', identity.episodeId)
    .where('kind', '=', identity.kind)
    .where('revision', '=', identity.revision)
    .where('shape', '=', identity.shape)
    .where('start_ms', '=', identity.startMs)
    .where('end_ms', '=', identity.endMs)
    .executeTakeFirst();
}

/** The episode's clips, oldest first. */
export async function selectEpisodeClips(db: Executor, episodeId: string): Promise<EpisodeVideoRow[]> {
  return db.selectFrom('episode_videos').selectAll().where('episode_id', '=', episodeId).where('kind', '=', 'clip').orderBy('created_at').orderBy('id').execute();
}

/** Videos and clips of the episode still being made (for an event stream that starts). */
export async function selectVideosInMaking(db: Executor, episodeId: string): Promise<EpisodeVideoRow[]> {
  return db.selectFrom('episode_videos').selectAll().where('episode_id', '=', episodeId).where('status', 'in', ['queued', 'rendering']).orderBy('requested_at').execute();
}

export async function countEpisodeClips(trx: Trx, episodeId: string): Promise<number> {
  const row = await trx.selectFrom('episode_videos').select((eb) => eb.fn.countAll<string>().as('count')).where('episode_id', '=', episodeId).where('kind', '=', 'clip').executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface ClaimRules {
  /** A making whose row has not moved for this long lost its job. */
  staleAfterMs: number;
  /** A failed making is tried again once its failure is this old. */
  retryFailedAfterMs: number;
  /** The recorded file, when storage no longer has it. */
  lostKey?: string | undefined;
}

const olderThan = (ms: number) => sql<Date>`now() - make_interval(secs => ${ms / 1000})`;

/**
 * Claims the making of a video: inserts its row, or takes back one whose making failed a
 * while ago, stopped moving (its job was lost), or whose recorded file storage no longer
 * has. `claimed` is true for the one caller that should queue the job; the row lock of the
 * upsert makes concurrent requests claim it once.
 */
export async function upsertEpisodeVideoClaim(trx: Trx, row: NewEpisodeVideo, rules: ClaimRules): Promise<{ row: EpisodeVideoRow; claimed: boolean }> {
  const claimed = await trx
    .insertInto('episode_videos')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['episode_id', 'kind', 'revision', 'shape', 'start_ms', 'end_ms'])
        .doUpdateSet({ status: 'queued', progress_percent: 0, video_key: null, video_bytes: null, error_message: null, made_at: null, requested_at: sql`now()`, updated_at: sql`now()` })
        .where((eb) => eb.or([
          eb.and([eb('episode_videos.status', '=', 'failed'), eb('episode_videos.updated_at', '<', olderThan(rules.retryFailedAfterMs))]),
          ...(rules.lostKey === undefined ? [] : [eb('episode_videos.video_key', '=', rules.lostKey)]),
          eb.and([eb('episode_videos.status', 'in', ['queued', 'rendering']), eb('episode_videos.updated_at', '<', olderThan(rules.staleAfterMs))]),
        ])),
    )
    .returningAll()
    .executeTakeFirst();
  if (claimed) return { row: claimed, claimed: true };
  const existing = await selectEpisodeVideo(trx, {
    episodeId: row.episode_id, kind: row.kind, revision: row.revision, shape: row.shape, startMs: row.start_ms, endMs: row.end_ms,
  });
  if (!existing) throw new Error(`episode video ${row.id} was neither inserted nor found`);
  return { row: existing, claimed: false };
}

const stepOf = (row: EpisodeVideoRow) => ({
  episodeId: row.episode_id, videoId: row.id, kind: row.kind, shape: row.shape, status: row.status, progressPercent: row.progress_percent,
});

/** A step of the making (status `rendering`, at `progressPercent`), NOTIFYing it; undefined when the row is gone or no longer being made. */
export async function updateEpisodeVideoProgress(db: Executor, id: string, progressPercent: number): Promise<EpisodeVideoRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('episode_videos')
      .set({ status: 'rendering', progress_percent: progressPercent, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'rendering'])
      .returningAll()
      .executeTakeFirst();
    if (row) await notifyVideoProgress(trx, stepOf(row));
    return row;
  });
}

/** Records the stored file; undefined when the row is gone or already has one (the caller then deletes its copy). */
export async function updateEpisodeVideoMade(db: Executor, id: string, videoKey: string, bytes: number): Promise<EpisodeVideoRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('episode_videos')
      .set({ status: 'ready', progress_percent: 100, video_key: videoKey, video_bytes: bytes, error_message: null, made_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'rendering'])
      .returningAll()
      .executeTakeFirst();
    if (row) await notifyVideoProgress(trx, stepOf(row));
    return row;
  });
}

export async function updateEpisodeVideoFailed(db: Executor, id: string, reason: string): Promise<EpisodeVideoRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('episode_videos')
      .set({ status: 'failed', error_message: reason, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'rendering'])
      .returningAll()
      .executeTakeFirst();
    if (row) await notifyVideoProgress(trx, stepOf(row));
    return row;
  });
}

/** Deletes one clip or video; the stored file to delete after the commit (if it had one). */
export async function deleteEpisodeVideo(trx: Trx, id: string): Promise<{ deleted: boolean; videoKey: string | null }> {
  const row = await trx.deleteFrom('episode_videos').where('id', '=', id).returning('video_key').executeTakeFirst();
  return { deleted: row !== undefined, videoKey: row?.video_key ?? null };
}

/** Forgets the whole-episode videos of revisions before `revision` (replaced audio); their files to delete. */
export async function deleteEarlierRevisionVideos(db: Executor, episodeId: string, revision: number): Promise<string[]> {
  const rows = await db
    .deleteFrom('episode_videos')
    .where('episode_id', '=', episodeId)
    .where('kind', '=', 'video')
    .where('revision', '<', revision)
    .returning('video_key')
    .execute();
  return rows.flatMap((row) => (row.video_key === null ? [] : [row.video_key]));
}
