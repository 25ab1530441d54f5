// Accepting an episode from a request: the rules and the one transaction live in
// core (`episodes/accept-episode.ts`), shared with briefing runs; this fills the
// interface's defaults (a length in minutes, or a preset), checks named hosts against
// the voice catalog, opens the transaction and records the answer in it (a retry with
// the Idempotency-Key replays it).
import type { Config } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { requestedLength } from '@castwright/core/episode-length';
import { EPISODE_DEFAULTS, type EpisodeChoices } from '@castwright/core/episode-options';
import { acceptEpisode, checkLengthAllowed, type AcceptedEpisode, type AcceptEpisodeOptions, type EpisodeSource } from '@castwright/core/episodes/accept-episode';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';
import { checkHosts, hostLanguageWarnings, type HostInput } from './episode-hosts.ts';
import { episodeLanguage } from './episode-language.ts';

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
  request: { source: EpisodeSource } & RequestedChoices,
  answer: AnswerRecorder<CreatedEpisode>,
  options: Omit<AcceptEpisodeOptions, 'fair'> = {},
): Promise<CreatedEpisode> {
  const { source, hosts: hostInputs, language: tag, ...choices } = request;
  const chosen = withDefaults(choices);
  // Refused before a transaction (and a pooled connection) is taken.
  checkLengthAllowed(user, chosen);
  const language = episodeLanguage(tag, source);
  const named = await checkHosts(services.db, user, { hosts: hostInputs, hostMode: choices.hostMode, ttsEngine: choices.ttsEngine }, services.config.liveness.deadAfterMs);
  const accepted = { source, ...chosen, ...language, ...(named ? { hostMode: named.hostMode, hosts: named.hosts } : {}) };
  const warnings = named && language.language ? hostLanguageWarnings(named.hosts, named.voiceLanguages, language.language) : [];
  return services.db.transaction().execute(async (trx) => {
    const episode = { ...(await acceptEpisode(trx, user, accepted, { ...options, fair: services.config.fairScheduling })), warnings };
    await answer.record(trx, episode);
    return episode;
  });
}
