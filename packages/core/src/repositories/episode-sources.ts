// An episode's sources: written with the episode, read and settled one by one by
// episode:ingest, marked left out by episode:script, and read by the api's views.
import type { Executor, Trx } from '../db/connect.ts';
import type { EpisodeSourceRow, NewEpisodeSource } from '../db/schema.ts';

export async function insertEpisodeSources(trx: Trx, sources: readonly NewEpisodeSource[]): Promise<void> {
  if (sources.length > 0) await trx.insertInto('episode_sources').values([...sources]).execute();
}

/** In order: position 0 first. */
export async function selectEpisodeSources(db: Executor, episodeId: string): Promise<EpisodeSourceRow[]> {
  return db.selectFrom('episode_sources').selectAll().where('episode_id', '=', episodeId).orderBy('position').execute();
}

/** A source without its texts: what views and feeds show. */
export type SourceSummary = Omit<EpisodeSourceRow, 'text' | 'input_text'>;

/** A SourceSummary's columns, qualified: they are also read beside the episode's own (selectEpisodeWithDetail). */
export const SOURCE_SUMMARY_COLUMNS = [
  'episode_sources.episode_id',
  'episode_sources.position',
  'episode_sources.kind',
  'episode_sources.url',
  'episode_sources.document_id',
  'episode_sources.storage_key',
  'episode_sources.filename',
  'episode_sources.title',
  'episode_sources.characters',
  'episode_sources.language',
  'episode_sources.status',
  'episode_sources.error',
  'episode_sources.note',
] as const;

/** Several episodes' sources in order, without their texts (an episode's view, a feed's items, an export). */
export async function selectSourceSummaries(db: Executor, episodeIds: readonly string[]): Promise<SourceSummary[]> {
  if (episodeIds.length === 0) return [];
  return db
    .selectFrom('episode_sources')
    .select(SOURCE_SUMMARY_COLUMNS)
    .where('episode_id', 'in', [...episodeIds])
    .orderBy('episode_id')
    .orderBy('position')
    .execute();
}

export interface ReadSourceFields {
  title: string | null;
  text: string;
  language: string | null;
  note: string | null;
}

/** A pending source was read: its text, title and language are kept, its typed input no longer. */
export async function updateSourceRead(trx: Trx, episodeId: string, position: number, fields: ReadSourceFields): Promise<void> {
  await trx
    .updateTable('episode_sources')
    .set({ ...fields, characters: fields.text.length, input_text: null, status: 'read', error: null })
    .where('episode_id', '=', episodeId)
    .where('position', '=', position)
    .where('status', '=', 'pending')
    .execute();
}

/** A pending source could not be read, and why. */
export async function updateSourceFailed(trx: Trx, episodeId: string, position: number, reason: string): Promise<void> {
  await trx
    .updateTable('episode_sources')
    .set({ status: 'failed', error: reason })
    .where('episode_id', '=', episodeId)
    .where('position', '=', position)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * After a script is written: the read sources it draws on none of (the length could not
 * hold them) are left out with `note`; any left out by an earlier script and used now are
 * read again.
 */
export async function updateSourcesUse(trx: Trx, episodeId: string, leftOut: readonly number[], note: string): Promise<void> {
  let reset = trx.updateTable('episode_sources').set({ status: 'read', note: null }).where('episode_id', '=', episodeId).where('status', '=', 'left_out');
  if (leftOut.length > 0) reset = reset.where('position', 'not in', [...leftOut]);
  await reset.execute();
  if (leftOut.length === 0) return;
  await trx
    .updateTable('episode_sources')
    .set({ status: 'left_out', note })
    .where('episode_id', '=', episodeId)
    .where('position', 'in', [...leftOut])
    .where('status', '=', 'read')
    .execute();
}
