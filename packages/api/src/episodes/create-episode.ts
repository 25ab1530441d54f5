// Accepting an episode from a request: the rules and the one transaction live in
// core (`episodes/accept-episode.ts`), shared with briefing runs; this fills the
// interface's defaults (a length in minutes, or a preset), resolves stored documents to
// the caller's own (404 for another account's or a deleted one), merges duplicate
// sources and holds them to the tier's bounds, checks named hosts against the voice
// catalog, opens the transaction and records the answer in it (a retry with the
// Idempotency-Key replays it). Every refusal comes before the transaction: nothing is
// stored and no quota is used.
import type { Config } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { requestedLength } from '@castwright/core/episode-length';
import { EPISODE_DEFAULTS, formatHostsProblem, type EpisodeChoices } from '@castwright/core/episode-options';
import { checkSourceLimits, mergeDuplicateSources, type SourceInput } from '@castwright/core/episode-sources';
import { AppError } from '@castwright/core/errors';
import { acceptEpisode, checkLengthAllowed, type AcceptedEpisode, type AcceptEpisodeOptions } from '@castwright/core/episodes/accept-episode';
import { selectOwnDocuments } from '@castwright/core/repositories/documents';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';
import { checkHosts, hostLanguageWarnings, type HostInput } from './episode-hosts.ts';
import { episodeLanguage } from './episode-language.ts';
import type { RequestedSource } from './episode-source.ts';
import { withShowDefaults, type ShowRequest } from '../shows/show-defaults.ts';

/** What a client asked for: any choice may be left out (its default applies), `hosts` may name the hosts, and `language` is any BCP 47 spelling. */
export type RequestedChoices = Partial<{ [K in keyof EpisodeChoices]: EpisodeChoices[K] | undefined }> & {
  hosts?: readonly HostInput[] | undefined;
  language?: string | undefined;
};

/**
 * The choices a client made, with the interface's default for each one it left out;
 * `durationMinutes` with a `preset` too is a 400.
 */
export function withDefaults(choices: Partial<{ [K in keyof EpisodeChoices]: EpisodeChoices[K] | undefined }>): EpisodeChoices {
  const chosen = Object.fromEntries(Object.entries(choices).filter(([, value]) => value !== undefined));
  return { ...EPISODE_DEFAULTS, ...chosen, ...requestedLength(choices, EPISODE_DEFAULTS.preset) };
}

/** An accepted episode and what the client should know about it (hosts whose voices speak another language). */
export interface CreatedEpisode extends AcceptedEpisode {
  warnings: string[];
}

export async function createEpisode(
  services: { db: Db; config: Config },
  user: UserRow,
  request: { sources: readonly (RequestedSource | SourceInput)[] } & ShowRequest,
  answer: AnswerRecorder<CreatedEpisode>,
  options: Omit<AcceptEpisodeOptions, 'fair'> = {},
): Promise<CreatedEpisode> {
  const { sources: requested, ...asked } = request;
  // In a show: its defaults fill in what the request left out (shows/show-defaults.ts).
  const { hosts: hostInputs, language: tag, showId, ...choices } = await withShowDefaults(services.db, user, asked);
  const chosen = withDefaults(choices);
  // Refused before a transaction (and a pooled connection) is taken.
  checkLengthAllowed(user, chosen);
  const { sources } = mergeDuplicateSources(await withDocuments(services.db, user, requested));
  checkSourceLimits(user.tier, sources);
  const language = episodeLanguage(tag, sources);
  const named = await checkHosts(services.db, user, { hosts: hostInputs, hostMode: choices.hostMode, ttsEngine: choices.ttsEngine }, services.config.liveness.deadAfterMs);
  const accepted = { sources, ...chosen, ...language, ...(named ? { hostMode: named.hostMode, hosts: named.hosts } : {}), ...(showId ? { showId } : {}) };
  const formatProblem = formatHostsProblem(accepted.format, named ? named.hosts.length : accepted.hostMode === 'multi' ? 2 : 1);
  if (formatProblem) throw AppError.validation(formatProblem, [`format: ${formatProblem}`]);
  const warnings = named && language.language ? hostLanguageWarnings(named.hosts, named.voiceLanguages, language.language) : [];
  return services.db.transaction().execute(async (trx) => {
    const episode = { ...(await acceptEpisode(trx, user, accepted, { ...options, fair: services.config.fairScheduling })), warnings };
    await answer.record(trx, episode);
    return episode;
  });
}

/** Stored documents named by id, as the caller's own with their originals; one that is not (another account's, or deleted) is a 404. */
async function withDocuments(db: Db, user: UserRow, sources: readonly (RequestedSource | SourceInput)[]): Promise<SourceInput[]> {
  const wanted = sources.flatMap((source) => (source.kind === 'document' && !('storageKey' in source) ? [source.documentId] : []));
  const found = new Map((await selectOwnDocuments(db, user.id, [...new Set(wanted)])).map((document) => [document.id, document]));
  return sources.map((source): SourceInput => {
    if (source.kind !== 'document' || 'storageKey' in source) return source;
    const document = found.get(source.documentId);
    if (!document) throw new AppError('notFound', `Document ${source.documentId} not found: use the id of one of your documents (GET /api/documents)`);
    return { kind: 'document', documentId: document.id, storageKey: document.storage_key, filename: document.filename };
  });
}
