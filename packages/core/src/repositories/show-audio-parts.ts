// A show's audio parts (intro, outro, bed, sting): at most one of each, replaced whole.
import type { Executor, Trx } from '../db/connect.ts';
import type { NewShowAudioPart, ShowAudioPartRow } from '../db/schema.ts';
import type { ShowPartKind } from '../shows/show-options.ts';

export async function selectShowParts(db: Executor, showId: string): Promise<ShowAudioPartRow[]> {
  return db.selectFrom('show_audio_parts').selectAll().where('show_id', '=', showId).orderBy('part').execute();
}

export async function selectShowPart(db: Executor, showId: string, part: ShowPartKind): Promise<ShowAudioPartRow | undefined> {
  return db.selectFrom('show_audio_parts').selectAll().where('show_id', '=', showId).where('part', '=', part).executeTakeFirst();
}

/** Every part of the given shows (the data export, a list of shows). */
export async function selectPartsOfShows(db: Executor, showIds: readonly string[]): Promise<ShowAudioPartRow[]> {
  if (showIds.length === 0) return [];
  return db.selectFrom('show_audio_parts').selectAll().where('show_id', 'in', [...showIds]).orderBy('show_id').orderBy('part').execute();
}

/** Stores the part, replacing the one of its kind; returns the replaced row (whose file the caller deletes after the commit). */
export async function upsertShowPart(trx: Trx, part: NewShowAudioPart): Promise<ShowAudioPartRow | undefined> {
  const replaced = await selectShowPart(trx, part.show_id, part.part);
  await trx
    .insertInto('show_audio_parts')
    .values(part)
    .onConflict((conflict) => conflict.columns(['show_id', 'part']).doUpdateSet({
      storage_key: part.storage_key,
      sha256: part.sha256,
      duration_ms: part.duration_ms,
      sample_rate: part.sample_rate,
      channels: part.channels,
      bytes: part.bytes,
      filename: part.filename ?? '',
      created_at: new Date(),
    }))
    .execute();
  return replaced;
}

/** Removes the part; returns its row (whose file the caller deletes after the commit), or undefined when the show had none. */
export async function deleteShowPart(trx: Trx, showId: string, part: ShowPartKind): Promise<ShowAudioPartRow | undefined> {
  return trx.deleteFrom('show_audio_parts').where('show_id', '=', showId).where('part', '=', part).returningAll().executeTakeFirst();
}
