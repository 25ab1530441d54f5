// The voice catalog. Media workers publish their engines' voices here (a row stays when
// no worker can speak it any more); each worker's heartbeat lists what it can voice now
// (worker-heartbeats.ts), so availability is one EXISTS over live heartbeats. Custom
// voices are scoped by owner: another account's reads exactly like a missing one.
import { sql, type RawBuilder } from 'kysely';
import type { Executor, Trx } from '../db/connect.ts';
import type { VoiceRow } from '../db/schema.ts';
import type { CustomVoiceStatus } from '../voices/custom-voices.ts';
import type { VoiceGender } from '../voices/episode-hosts.ts';
import type { VoiceEngine } from '../voices/voice-ids.ts';

/** A built-in voice as a media worker describes it. */
export interface PublishedVoice {
  id: string;
  engine: VoiceEngine;
  engineName: string;
  name: string;
  language: string;
  gender: VoiceGender;
  description: string;
}

export interface CatalogVoiceRow extends VoiceRow {
  /** Some worker that beat within the liveness bound can speak it (a custom voice: has its engine). */
  live: boolean;
}

/** Records (or refreshes) the description of an engine's voices; custom voices are never touched. */
export async function upsertPublishedVoices(db: Executor, voices: readonly PublishedVoice[]): Promise<void> {
  if (voices.length === 0) return;
  await db
    .insertInto('voices')
    .values(voices.map((voice) => ({
      id: voice.id,
      engine: voice.engine,
      engine_name: voice.engineName,
      name: voice.name,
      language: voice.language,
      gender: voice.gender,
      description: voice.description,
    })))
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        language: eb.ref('excluded.language'),
        gender: eb.ref('excluded.gender'),
        description: eb.ref('excluded.description'),
        updated_at: sql`now()`,
      })).where('voices.owner_id', 'is', null),
    )
    .execute();
}

/** Whether a live worker can speak the voice: listed by a built-in's id, or its engine for a custom voice. */
function liveExpression(deadAfterMs: number): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (
    SELECT 1 FROM worker_heartbeats AS beat
    WHERE beat.last_seen_at > now() - make_interval(secs => ${deadAfterMs / 1000})
      AND CASE WHEN voices.owner_id IS NULL THEN voices.id = ANY(beat.voice_ids) ELSE voices.engine = ANY(beat.engines) END)`;
}

function visibleVoices(db: Executor, userId: string, deadAfterMs: number) {
  return db
    .selectFrom('voices')
    .selectAll('voices')
    .select(liveExpression(deadAfterMs).as('live'))
    .where((eb) => eb.or([eb('voices.owner_id', 'is', null), eb('voices.owner_id', '=', userId)]));
}

/**
 * The catalog as `userId` sees it: every built-in voice and the account's own custom
 * voices, by engine and name. `language` matches the tag or its primary subtag (`en`
 * finds en-US and en-GB), case-insensitively.
 */
export async function selectVoiceCatalog(
  db: Executor,
  query: { userId: string; deadAfterMs: number; engine?: VoiceEngine | undefined; language?: string | undefined },
): Promise<CatalogVoiceRow[]> {
  let select = visibleVoices(db, query.userId, query.deadAfterMs);
  if (query.engine) select = select.where('voices.engine', '=', query.engine);
  const language = query.language?.toLowerCase();
  if (language) {
    select = select.where((eb) => eb.or([eb(sql`lower(voices.language)`, '=', language), eb(sql`lower(voices.language)`, 'like', `${language.replace(/[%_\\]/g, '\\$&')}-%`)]));
  }
  return select.orderBy(sql`voices.owner_id IS NULL`).orderBy('voices.engine').orderBy('voices.id').execute();
}

/** The voices among `ids` that `userId` may use (built-in, or its own), with their availability. */
export async function selectVisibleVoices(db: Executor, userId: string, ids: readonly string[], deadAfterMs: number): Promise<CatalogVoiceRow[]> {
  if (ids.length === 0) return [];
  return visibleVoices(db, userId, deadAfterMs).where('voices.id', 'in', [...new Set(ids)]).execute();
}

export async function selectVoiceById(db: Executor, id: string): Promise<VoiceRow | undefined> {
  return db.selectFrom('voices').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Claims the making of a voice's sample: true for the one request that should queue the
 * job (no sample yet, or only `lostKey`, a recorded sample storage no longer has; and
 * none asked for within `staleAfterMs`, after which a request that was lost is asked
 * again). The row lock makes concurrent requests queue one job.
 */
export async function updateSampleRequested(trx: Trx, id: string, staleAfterMs: number, lostKey?: string): Promise<boolean> {
  const claimed = await trx
    .updateTable('voices')
    .set({ sample_requested_at: sql`now()`, sample_key: null })
    .where('id', '=', id)
    .where((eb) => (lostKey === undefined ? eb('sample_key', 'is', null) : eb.or([eb('sample_key', 'is', null), eb('sample_key', '=', lostKey)])))
    .where((eb) => eb.or([eb('sample_requested_at', 'is', null), eb('sample_requested_at', '<', sql<Date>`now() - make_interval(secs => ${staleAfterMs / 1000})`)]))
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Records the stored sample; false when the voice is gone or already has one (the caller then deletes its copy). */
export async function updateVoiceSample(db: Executor, id: string, sampleKey: string): Promise<boolean> {
  const updated = await db
    .updateTable('voices')
    .set({ sample_key: sampleKey, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('sample_key', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/** Serialises adding custom voices per account, so count-then-insert keeps the per-account bound. */
export async function lockAccountVoices(trx: Trx, userId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

export async function countCustomVoices(db: Executor, userId: string): Promise<number> {
  const row = await db.selectFrom('voices').select(sql<number>`count(*)::int`.as('n')).where('owner_id', '=', userId).executeTakeFirstOrThrow();
  return row.n;
}

export async function insertCustomVoice(
  trx: Trx,
  voice: { id: string; ownerId: string; name: string; language: string; gender: VoiceGender; description: string; clipKey: string },
): Promise<VoiceRow> {
  return trx
    .insertInto('voices')
    .values({
      id: voice.id,
      engine: 'chatterbox',
      engine_name: voice.id,
      name: voice.name,
      language: voice.language,
      gender: voice.gender,
      description: voice.description,
      owner_id: voice.ownerId,
      status: 'processing',
      clip_key: voice.clipKey,
      consent_at: sql`now()`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes the owner's custom voice and returns what it had stored; undefined when it is not theirs. */
export async function deleteOwnCustomVoice(trx: Trx, userId: string, id: string): Promise<VoiceRow | undefined> {
  return trx.deleteFrom('voices').where('id', '=', id).where('owner_id', '=', userId).returningAll().executeTakeFirst();
}

/** Every custom voice of an account (its deletion removes their clips and library entries). */
export async function selectOwnCustomVoices(db: Executor, userId: string): Promise<VoiceRow[]> {
  return db.selectFrom('voices').selectAll().where('owner_id', '=', userId).orderBy('created_at').execute();
}

/** Moves a custom voice's registration state; only from `from`, so a late job never undoes a newer state. */
export async function updateCustomVoiceStatus(
  db: Executor,
  id: string,
  change: { status: CustomVoiceStatus; reason: string | null; from: readonly CustomVoiceStatus[] },
): Promise<boolean> {
  const updated = await db
    .updateTable('voices')
    .set({ status: change.status, status_reason: change.reason, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('owner_id', 'is not', null)
    .where('status', 'in', [...change.from])
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/** Custom voices still to be registered with a Chatterbox server. */
export async function selectUnregisteredCustomVoices(db: Executor): Promise<Pick<VoiceRow, 'id' | 'owner_id'>[]> {
  return db.selectFrom('voices').select(['id', 'owner_id']).where('owner_id', 'is not', null).where('status', 'in', ['processing', 'waiting']).execute();
}
