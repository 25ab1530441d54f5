// The one way an episode finishes. Moving to `ready` or `error` and recording the
// `episode.completed` / `episode.failed` webhook events happen in the caller's
// transaction, together: every terminal transition (publishing a render, a failed
// stage, the abandoned-episode sweep) goes through here, so none can forget its event.
// The move's compare-and-set lets only one terminal move succeed, so a late or replayed
// attempt records no second event (and the events' unique index refuses one anyway).
// updateEpisodeStatus itself does not accept `ready` or `error`.
import type { Trx } from './db/connect.ts';
import type { EpisodeRow } from './db/schema.ts';
import { updateEpisodeEndStatus, type EpisodeMove } from './repositories/episodes.ts';
import { recordEpisodeEvent } from './webhooks/record-episode-event.ts';

/** The finished row, or undefined when the move did not apply (gone, already finished, superseded). */
export async function finishEpisode(trx: Trx, id: string, move: EpisodeMove<'ready' | 'error'>, options: { publicBaseUrl: string }): Promise<EpisodeRow | undefined> {
  const row = await updateEpisodeEndStatus(trx, id, move);
  if (row) await recordEpisodeEvent(trx, { ...row, status: move.status }, options.publicBaseUrl);
  return row;
}
