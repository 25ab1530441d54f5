// Lexicon entries said in one voice (GET /api/pronunciations/:id/sample). A row is one
// entry, voice and version of the entry; the entry's owner scopes every api look-up
// before these are called.
import { sql } from 'kysely';
import type { Executor, Trx } from '../db/connect.ts';
import type { PronunciationSampleRow } from '../db/schema.ts';

export interface PronunciationSampleId {
  pronunciationId: string;
  voiceId: string;
  version: string;
}

export async function selectPronunciationSample(db: Executor, id: PronunciationSampleId): Promise<PronunciationSampleRow | undefined> {
  return db
    .selectFrom('pronunciation_samples')
    .selectAll()
    .where('pronunciation_id', '=', id.pronunciationId)
    .where('voice_id', '=', id.voiceId)
    .where('version', '=', id.version)
    .executeTakeFirst();
}

/**
 * Claims the making of a sample: true for the one request that should queue the job (no
 * row yet; a row asked for more than `staleAfterMs` ago without a sample, whose job was
 * lost; or a row whose recorded `lostKey` storage no longer has). The row lock of the
 * upsert makes concurrent requests claim it once.
 */
export async function upsertPronunciationSampleRequest(trx: Trx, id: PronunciationSampleId, staleAfterMs: number, lostKey?: string): Promise<boolean> {
  const claimed = await trx
    .insertInto('pronunciation_samples')
    .values({ pronunciation_id: id.pronunciationId, voice_id: id.voiceId, version: id.version })
    .onConflict((conflict) =>
      conflict.columns(['pronunciation_id', 'voice_id', 'version'])
        .doUpdateSet({ requested_at: sql`now()`, sample_key: null, made_at: null })
        .where((eb) => eb.or([
          ...(lostKey === undefined ? [] : [eb('pronunciation_samples.sample_key', '=', lostKey)]),
          eb.and([
            eb('pronunciation_samples.sample_key', 'is', null),
            eb('pronunciation_samples.requested_at', '<', sql<Date>`now() - make_interval(secs => ${staleAfterMs / 1000})`),
          ]),
        ])),
    )
    .returning('pronunciation_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Records the stored sample; false when its row is gone (the entry changed or was deleted) or has one (the caller then deletes its copy). */
export async function updatePronunciationSampleMade(db: Executor, id: PronunciationSampleId, sampleKey: string): Promise<boolean> {
  const updated = await db
    .updateTable('pronunciation_samples')
    .set({ sample_key: sampleKey, made_at: sql`now()` })
    .where('pronunciation_id', '=', id.pronunciationId)
    .where('voice_id', '=', id.voiceId)
    .where('version', '=', id.version)
    .where('sample_key', 'is', null)
    .returning('pronunciation_id')
    .executeTakeFirst();
  return updated !== undefined;
}

/** Forgets an entry's samples of every other version (it changed); the stored files to delete. */
export async function deleteOtherPronunciationSamples(trx: Trx, pronunciationId: string, version: string): Promise<string[]> {
  const rows = await trx
    .deleteFrom('pronunciation_samples')
    .where('pronunciation_id', '=', pronunciationId)
    .where('version', '<>', version)
    .returning('sample_key')
    .execute();
  return rows.flatMap((row) => (row.sample_key === null ? [] : [row.sample_key]));
}
