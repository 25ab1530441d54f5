// episode:ingest's work: every source not read yet is read through the one ingest path
// (content/ingest/source-text.ts: the outbound guard and Readability for pages, the
// extractors for documents), a few at a time. A source that cannot be read fails alone
// with its reason, and the episode goes on with the rest; only when none can be read does
// the episode fail, with every reason. A failure a retry may fix (a server that is down
// for now) retries the job while attempts remain: sources read meanwhile are not read
// twice, as everything is committed at once at the end. The sources' texts together are
// bounded by the tier: a source that would pass the bound is cut at a block boundary (or
// fails when nothing of it fits). Each source's language is detected; the episode's, when
// not asked for, is the most common among them.
import type { EpisodeRow, EpisodeSourceRow } from '@castwright/core/db/schema';
import { PermanentError, TransientError } from '@castwright/core/errors';
import { type Language } from '@castwright/core/languages';
import { addJob } from '@castwright/core/jobs';
import { selectEpisodeSources, updateSourceFailed, updateSourceRead } from '@castwright/core/repositories/episode-sources';
import { updateEpisodeSourceText } from '@castwright/core/repositories/episodes';
import { selectUserById } from '@castwright/core/repositories/users';
import { TIER_LIMITS, type Tier } from '@castwright/core/tiers';
import { sourceText, type SourceText } from '@castwright/content/ingest/source-text';
import { languageOfSource, languageOfSources, type SourceLanguage } from '@castwright/content/language/sources-language';
import { formatStructuredText, parseStructuredText } from '@castwright/content/text/structured-text';
import { inPool } from '../briefings/in-pool.ts';
import type { WorkerContext } from '../worker-context.ts';

/** Pages and documents read at once for one episode. */
const PARALLEL_SOURCES = 4;

type Outcome = { read: SourceText } | { failed: string };

export async function readEpisodeSources(context: WorkerContext, episode: EpisodeRow, options: { lastAttempt: boolean }): Promise<void> {
  const rows = await selectEpisodeSources(context.db, episode.id);
  if (rows.length === 0) throw new PermanentError('The episode has no sources');
  const outcomes = new Map<number, Outcome>();
  const retryable: unknown[] = [];
  await inPool(rows.filter((row) => row.status === 'pending'), PARALLEL_SOURCES, async (row) => {
    try {
      outcomes.set(row.position, { read: await sourceText(row, { storage: context.storage, allowPrivateAddresses: context.config.outboundAllowPrivate }) });
    } catch (error) {
      if (!(error instanceof PermanentError) && !options.lastAttempt) retryable.push(error);
      outcomes.set(row.position, { failed: failureReason(error) });
      context.logger.info({ err: error, episodeId: episode.id, source: row.position, kind: row.kind }, 'a source could not be read');
    }
  });
  // One source down for now: the whole job is retried (nothing is kept from this attempt).
  if (retryable.length > 0) throw retryable[0];

  const user = await selectUserById(context.db, episode.user_id);
  const settled = boundedSources(rows, outcomes, TIER_LIMITS[(user?.tier ?? 'free') as Tier]);
  const read = settled.filter((source) => source.text !== null);
  if (read.length === 0) throw new PermanentError(everyReason(settled));
  // A page or document asked for without a language is detected now that its text is read.
  const found = episode.language ? undefined : languageOfSources(read.map((source) => ({ language: source.language, characters: source.text.length })), (message) => new PermanentError(message));
  await context.db.transaction().execute(async (trx) => {
    // The episode's row first, as a deletion locks it before its sources: never the other way round.
    // The text the episode is made from, whole: its sources' texts in order.
    await updateEpisodeSourceText(trx, episode.id, read.map((source) => source.text).join('\n\n'), found && { language: found.language as Language, language_detected: found.detected });
    for (const source of settled) {
      if (source.status !== 'pending') continue;
      if (source.text === null) await updateSourceFailed(trx, episode.id, source.position, source.error);
      else await updateSourceRead(trx, episode.id, source.position, { title: source.title, text: source.text, language: source.language.tag, note: source.note });
    }
    await addJob(trx, 'episode:script', { episodeId: episode.id }, { account: episode.user_id, fair: context.config.fairScheduling });
  });
}

interface SettledBase {
  position: number;
  status: EpisodeSourceRow['status'];
  title: string | null;
  /** How a message names it: its title, address or file name. */
  label: string | null;
}

type SettledSource = (SettledBase & { text: string; language: SourceLanguage; note: string | null }) | (SettledBase & { text: null; error: string });

/**
 * Every source as it ends up: read (a pending one just now, or earlier), or failed with
 * its reason; in order, the texts together within the tier's bound.
 */
function boundedSources(rows: readonly EpisodeSourceRow[], outcomes: ReadonlyMap<number, Outcome>, limits: { maxSourceCharacters: number }): SettledSource[] {
  let room = limits.maxSourceCharacters;
  return rows.map((row): SettledSource => {
    const base = { position: row.position, status: row.status, title: row.title, label: row.title ?? row.url ?? row.filename };
    if (row.status !== 'pending') {
      if (row.text === null) return { ...base, text: null, error: row.error ?? 'It could not be read' };
      room -= row.text.length;
      return { ...base, text: row.text, language: { tag: row.language, language: null }, note: row.note };
    }
    const outcome = outcomes.get(row.position);
    if (!outcome || 'failed' in outcome) return { ...base, text: null, error: outcome?.failed ?? 'It could not be read' };
    const text = cutToFit(outcome.read.text, room);
    if (text === '') {
      return { ...base, text: null, error: `The sources before it already hold the ${limits.maxSourceCharacters.toLocaleString('en-US')} characters an episode's sources may hold on this tier` };
    }
    room -= text.length;
    const note = text.length < outcome.read.text.length
      ? `Cut to its first ${text.length.toLocaleString('en-US')} of ${outcome.read.text.length.toLocaleString('en-US')} characters: an episode's sources may hold ${limits.maxSourceCharacters.toLocaleString('en-US')} together on this tier`
      : null;
    return { ...base, title: outcome.read.title, text, language: languageOfSource(text), note };
  });
}

/** The text's leading blocks that fit in `room` characters; '' when not even the first does. */
function cutToFit(text: string, room: number): string {
  if (text.length <= room) return text;
  const blocks = parseStructuredText(text);
  let kept = 0;
  while (kept < blocks.length && formatStructuredText(blocks.slice(0, kept + 1)).length <= room) kept += 1;
  return kept === 0 ? '' : formatStructuredText(blocks.slice(0, kept));
}

function failureReason(error: unknown): string {
  if (error instanceof PermanentError) return error.message;
  if (error instanceof TransientError) return error.reason;
  return 'It could not be read; please try again later';
}

/** Why the episode could not be made: the one source's reason, or each source's. */
function everyReason(sources: readonly SettledSource[]): string {
  const failed = sources.filter((source): source is Extract<SettledSource, { text: null }> => source.text === null);
  if (failed.length === 1 && sources.length === 1) return (failed[0] as { error: string }).error;
  return `None of the sources could be read: ${failed.map((source) => `source ${source.position + 1}${source.label ? ` (${source.label})` : ''}: ${source.error}`).join('; ')}`;
}
