// Live takes and their published segments (migration 0022). Every write is made by the
// render attempt holding the episode (episodes.render_attempt), and its take must be the
// one listeners are given (episodes.live_take): a superseded attempt changes nothing a
// listener gets. Publishing a segment moves the episode's live duration and notifies
// progress in the same transaction, so a stream never announces a segment that is not there.
import { sql } from 'kysely';
import type { Executor, Trx } from '../db/connect.ts';
import type { EpisodeLiveSegmentRow, EpisodeLiveTakeRow, EpisodeRow, NewEpisodeLiveSegment } from '../db/schema.ts';
import { notifyProgress } from '../progress.ts';

export async function selectLiveTake(db: Executor, episodeId: string, take: number): Promise<EpisodeLiveTakeRow | undefined> {
  return db.selectFrom('episode_live_takes').selectAll().where('episode_id', '=', episodeId).where('take', '=', take).executeTakeFirst();
}

/** The segments of a take from `fromSeq` on, in order. */
export async function selectLiveSegments(db: Executor, episodeId: string, take: number, fromSeq = 0): Promise<EpisodeLiveSegmentRow[]> {
  return db.selectFrom('episode_live_segments').selectAll().where('episode_id', '=', episodeId).where('take', '=', take).where('seq', '>=', fromSeq).orderBy('seq').execute();
}

/**
 * Starts the next take of a revision's live stream for render attempt `attempt`: the take
 * before it (if any) is abandoned, and listeners are given the new one. Undefined when the
 * attempt no longer holds the episode.
 */
export async function insertLiveTake(trx: Trx, episodeId: string, revision: number, attempt: number): Promise<EpisodeLiveTakeRow | undefined> {
  const episode = await trx
    .updateTable('episodes')
    .set({ live_take: sql<number>`(SELECT coalesce(max(take), 0) + 1 FROM episode_live_takes WHERE episode_id = ${episodeId})`, live_duration_ms: 0 })
    .where('id', '=', episodeId)
    .where('render_attempt', '=', attempt)
    .where('status', '=', 'generating_audio')
    .returning(['live_take'])
    .executeTakeFirst();
  if (!episode?.live_take) return undefined;
  await trx.updateTable('episode_live_takes').set({ abandoned: true }).where('episode_id', '=', episodeId).where('take', '<', episode.live_take).execute();
  return trx.insertInto('episode_live_takes').values({ episode_id: episodeId, take: episode.live_take, revision }).returningAll().executeTakeFirstOrThrow();
}

export interface PublishedLiveSegment {
  segment: NewEpisodeLiveSegment;
  /** How long the take plays with this segment. */
  durationMs: number;
  /** This segment holds the episode's last line. */
  complete: boolean;
  progressPercent: number;
}

/**
 * Records a published segment for render attempt `attempt`, moves the episode's live
 * duration (and progress, never backwards) and notifies it; false when the attempt or the
 * take was superseded, or the segment's place is taken (nothing is recorded then).
 */
export async function insertLiveSegment(trx: Trx, attempt: number, published: PublishedLiveSegment): Promise<boolean> {
  const { segment } = published;
  const episode = await trx
    .updateTable('episodes')
    .set({ live_duration_ms: published.durationMs, progress_percent: sql<number>`greatest(progress_percent, ${published.progressPercent})`, updated_at: sql`now()` })
    .where('id', '=', segment.episode_id)
    .where('render_attempt', '=', attempt)
    .where('live_take', '=', segment.take)
    .where('status', '=', 'generating_audio')
    .returningAll()
    .executeTakeFirst();
  if (!episode) return false;
  const inserted = await trx.insertInto('episode_live_segments').values(segment).onConflict((conflict) => conflict.doNothing()).returning('seq').executeTakeFirst();
  if (!inserted) return false;
  await trx
    .updateTable('episode_live_takes')
    .set({ duration_ms: published.durationMs, complete: published.complete })
    .where('episode_id', '=', segment.episode_id)
    .where('take', '=', segment.take)
    .execute();
  await notifyLive(trx, episode);
  return true;
}

async function notifyLive(trx: Trx, episode: EpisodeRow): Promise<void> {
  await notifyProgress(trx, { id: episode.id, status: episode.status, progressPercent: episode.progress_percent, at: Date.now(), previewMs: episode.live_duration_ms ?? 0 });
}

/**
 * Takes of episodes whose finished audio is published (and abandoned takes) created before
 * `before`, with their segments' objects, taken off their rows in the caller's transaction:
 * the objects go after it commits. Listeners of a take still streaming it keep it until then.
 */
export async function deleteFinishedLiveTakes(trx: Trx, before: Date, limit: number): Promise<{ episode_id: string; object_key: string }[]> {
  const takes = await trx
    .selectFrom('episode_live_takes as take')
    .innerJoin('episodes', 'episodes.id', 'take.episode_id')
    .select(['take.episode_id', 'take.take'])
    .where('take.created_at', '<', before)
    .where((eb) => eb.or([
      eb('take.abandoned', '=', true),
      eb('episodes.published_revision', '>=', eb.ref('take.revision')),
      eb('episodes.status', '=', 'error'),
    ]))
    .limit(limit)
    .forUpdate('take')
    .skipLocked()
    .execute();
  if (takes.length === 0) return [];
  const keys: { episode_id: string; object_key: string }[] = [];
  for (const take of takes) {
    const segments = await trx.deleteFrom('episode_live_segments').where('episode_id', '=', take.episode_id).where('take', '=', take.take).returning(['episode_id', 'object_key']).execute();
    keys.push(...segments);
    await trx.deleteFrom('episode_live_takes').where('episode_id', '=', take.episode_id).where('take', '=', take.take).execute();
    await trx.updateTable('episodes').set({ live_take: null, live_duration_ms: null }).where('id', '=', take.episode_id).where('live_take', '=', take.take).execute();
  }
  return keys;
}
