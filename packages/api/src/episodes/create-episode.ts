// Accepting an episode from a request: the rules and the one transaction live in
// core (`episodes/accept-episode.ts`), shared with briefing runs; this opens the
// transaction, fills the interface's defaults (a length in minutes, or a preset) and
// records the answer in that same transaction (a retry with the Idempotency-Key replays it).
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { requestedLength } from '@castwright/core/episode-length';
import { EPISODE_DEFAULTS, type EpisodeChoices } from '@castwright/core/episode-options';
import { acceptEpisode, checkLengthAllowed, type AcceptedEpisode, type AcceptEpisodeOptions, type EpisodeRequest } from '@castwright/core/episodes/accept-episode';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';

/**
 * The choices a client made, with the interface's default for each one it left out;
 * `durationMinutes` with a `preset` too is a 400.
 */
export function withDefaults(choices: Partial<{ [K in keyof EpisodeChoices]: EpisodeChoices[K] | undefined }>): EpisodeChoices {
  const chosen = Object.fromEntries(Object.entries(choices).filter(([, value]) => value !== undefined));
  return { ...EPISODE_DEFAULTS, ...chosen, ...requestedLength(choices, EPISODE_DEFAULTS.preset) };
}

export async function createEpisode(
  db: Db,
  user: UserRow,
  request: EpisodeRequest,
  answer: AnswerRecorder<AcceptedEpisode>,
  options: AcceptEpisodeOptions = {},
): Promise<AcceptedEpisode> {
  // Refused before a transaction (and a pooled connection) is taken.
  checkLengthAllowed(user, request);
  return db.transaction().execute(async (trx) => {
    const accepted = await acceptEpisode(trx, user, request, options);
    await answer.record(trx, accepted);
    return accepted;
  });
}
