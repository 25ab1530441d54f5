// The voiced lines kept for an episode (its segment store's objects), one row per segment
// key. A row is written before its object and removed before it: a render trusts only
// stored segments that still have their row, so retention never deletes one under it.
import { sql } from 'kysely';
import type { Executor, Trx } from '../db/connect.ts';
import type { NewEpisodeSegment } from '../db/schema.ts';

/** Records a segment about to be stored (or stored again: voiced again, it counts again), as voiced by `revision`. */
export async function upsertEpisodeSegment(db: Executor, segment: Omit<NewEpisodeSegment, 'created_at' | 'last_used_at' | 'counted'>): Promise<void> {
  await db
    .insertInto('episode_segments')
    .values(segment)
    .onConflict((conflict) =>
      conflict.columns(['episode_id', 'segment_key']).doUpdateSet({
        revision: (eb) => eb.ref('excluded.revision'),
        characters: (eb) => eb.ref('excluded.characters'),
        audio_ms: (eb) => eb.ref('excluded.audio_ms'),
        counted: false,
        last_used_at: sql`now()`,
      }),
    )
    .execute();
}

/** Marks the segments a render is about to use as used now; returns the keys that have a row. */
export async function updateSegmentsUsed(db: Executor, episodeId: string, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .updateTable('episode_segments')
    .set({ last_used_at: sql`now()` })
    .where('episode_id', '=', episodeId)
    .where('segment_key', 'in', [...new Set(keys)])
    .returning('segment_key')
    .execute();
  return new Set(rows.map((row) => row.segment_key));
}

/** How many of `keys` (counted once each) `revision`'s render voiced, across its attempts. */
export async function countSegmentsVoicedBy(db: Executor, episodeId: string, revision: number, keys: readonly string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const row = await db
    .selectFrom('episode_segments')
    .select((eb) => eb.fn.countAll<number>().as('voiced'))
    .where('episode_id', '=', episodeId)
    .where('revision', '=', revision)
    .where('segment_key', 'in', [...new Set(keys)])
    .executeTakeFirstOrThrow();
  return Number(row.voiced);
}

/** Of `keys`, the segments not yet counted in the usage, now marked counted; what each cost. */
export async function updateSegmentsCounted(trx: Trx, episodeId: string, keys: readonly string[]): Promise<{ characters: number; audio_ms: number }[]> {
  if (keys.length === 0) return [];
  return trx
    .updateTable('episode_segments')
    .set({ counted: true })
    .where('episode_id', '=', episodeId)
    .where('counted', '=', false)
    .where('segment_key', 'in', [...new Set(keys)])
    .returning(['characters', 'audio_ms'])
    .execute();
}

/**
 * Removes the rows of segments unused since `before` that the published revision does not
 * use, of episodes not rendering now; returns them, so their objects can be deleted once
 * this transaction commits.
 */
export async function deleteExpiredSegments(trx: Trx, before: Date, limit: number): Promise<{ episode_id: string; segment_key: string }[]> {
  const result = await sql<{ episode_id: string; segment_key: string }>`
    DELETE FROM episode_segments AS s
    USING (
      SELECT seg.episode_id, seg.segment_key FROM episode_segments AS seg
      JOIN episodes AS e ON e.id = seg.episode_id
      WHERE seg.last_used_at < ${before}
        AND e.status <> 'generating_audio'
        AND NOT EXISTS (
          SELECT 1 FROM episode_revisions AS r
          WHERE r.episode_id = seg.episode_id AND r.revision = e.published_revision AND seg.segment_key = ANY (r.segment_keys)
        )
      ORDER BY seg.last_used_at LIMIT ${limit}
      FOR UPDATE OF seg SKIP LOCKED
    ) AS expired
    WHERE s.episode_id = expired.episode_id AND s.segment_key = expired.segment_key
    RETURNING s.episode_id, s.segment_key`.execute(trx);
  return result.rows;
}
