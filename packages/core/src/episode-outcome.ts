// The one way an episode finishes. Moving to `ready` or `error` and recording the
// `episode.completed` / `episode.updated` / `episode.failed` webhook events happen in the
// caller's transaction, together: every terminal transition (publishing a render, a failed
// stage, the abandoned-episode sweep) goes through here, so none can forget its event.
// The move's compare-and-set lets only one terminal move succeed, so a late or replayed
// attempt records no second event (and the events' unique index refuses one anyway).
// updateEpisodeStatus itself does not accept `ready` or `error`.
import type { Trx } from './db/connect.ts';
import type { EpisodeRow } from './db/schema.ts';
import { STAGE_PROGRESS, type EpisodeStatus } from './episode-states.ts';
import { updateRevisionFailed } from './repositories/episode-revisions.ts';
import { lockEpisode, updateEpisodeEndStatus, type EpisodeMove } from './repositories/episodes.ts';
import { recordEpisodeEvent, type OutcomeOptions } from './webhooks/record-episode-event.ts';

// Each returns the moved row, or undefined when the move did not apply (gone, already
// finished, superseded by a newer render attempt).

/** The move to `ready` (a first publication: `episode.completed`) or `error` (`episode.failed`) and its event. */
export async function finishEpisode(trx: Trx, id: string, move: EpisodeMove<'ready' | 'error'>, options: OutcomeOptions): Promise<EpisodeRow | undefined> {
  const row = await updateEpisodeEndStatus(trx, id, move);
  if (row) await recordEpisodeEvent(trx, { ...row, status: move.status }, options);
  return row;
}

/**
 * Publishes a rendered revision: `ready`, with `published_revision` set. The episode's
 * first ready is `episode.completed`; each later revision published is `episode.updated`
 * with its number. `move` is built from the locked row (a first publication sets what a
 * later one keeps); its compare-and-set (the render attempt) decides whether it applies.
 */
export async function publishEpisodeRevision(
  trx: Trx,
  id: string,
  revision: number,
  move: (current: EpisodeRow) => EpisodeMove<'ready'>,
  options: OutcomeOptions,
): Promise<EpisodeRow | undefined> {
  const current = await lockEpisode(trx, id);
  if (!current) return undefined;
  const planned = move(current);
  const row = await updateEpisodeEndStatus(trx, id, { ...planned, set: { ...planned.set, published_revision: revision } });
  if (row) await recordEpisodeEvent(trx, { ...row, status: 'ready' }, options, current.published_revision === null ? undefined : revision);
  return row;
}

export interface EpisodeFailure {
  reason: string;
  /** Where the progress stays on `error`. */
  progressPercent: number;
  /** Only fail it from these states. */
  from: readonly EpisodeStatus[];
  /** Only while this render attempt holds the episode. */
  renderAttempt?: number | undefined;
}

/**
 * Processing failed. A re-render (the episode has a published revision) leaves that
 * revision served: the episode goes back to `ready`, with no event, and the reason stays
 * on the failed revision. Anything else moves to `error` with `episode.failed`.
 */
export async function failEpisode(trx: Trx, id: string, failure: EpisodeFailure, options: OutcomeOptions): Promise<EpisodeRow | undefined> {
  const current = await lockEpisode(trx, id);
  if (!current) return undefined;
  const guard = { from: failure.from, ...(failure.renderAttempt === undefined ? {} : { renderAttempt: failure.renderAttempt }) };
  if (current.published_revision !== null && current.status === 'generating_audio') {
    const row = await updateEpisodeEndStatus(trx, id, { ...guard, status: 'ready', progressPercent: STAGE_PROGRESS.ready });
    if (row) await updateRevisionFailed(trx, id, failure.reason);
    return row;
  }
  const row = await finishEpisode(trx, id, { ...guard, status: 'error', progressPercent: failure.progressPercent, set: { error_message: failure.reason, completed_at: new Date() } }, options);
  if (row) await updateRevisionFailed(trx, id, failure.reason);
  return row;
}
