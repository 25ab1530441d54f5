// Records an episode's event (its final state, or a later revision published) for every
// active webhook of its owner that subscribes to it: a row and its `webhook:deliver` job
// per webhook, in the caller's transaction (the one that moved the episode), so the event
// exists if and only if the change committed. A second recording of the same event (the
// same revision, for `episode.updated`) is a no-op (unique index).
import type { Trx } from '../db/connect.ts';
import type { EpisodeRow } from '../db/schema.ts';
import { newId } from '../ids.ts';
import { addJob } from '../jobs.ts';
import { insertWebhookEvent } from '../repositories/webhook-events.ts';
import { selectSubscribedWebhooks } from '../repositories/webhooks.ts';
import { episodeEventBody, episodeEventName, type EpisodeEvent } from './webhook-events.ts';
import { webhookQueueName } from './webhook-limits.ts';

/** How an outcome is recorded: the links in its events, and FAIR_SCHEDULING of the role that records it (core/jobs.ts). */
export interface OutcomeOptions {
  publicBaseUrl: string;
  fair: boolean;
}

/** `updatedRevision`: a re-render's revision was published (`episode.updated`); unset: the episode's final state. */
export async function recordEpisodeEvent(trx: Trx, episode: EpisodeRow & { status: 'ready' | 'error' }, options: OutcomeOptions, updatedRevision?: number): Promise<void> {
  const outcome: EpisodeEvent = episode.status === 'error' ? { status: 'error' } : { status: 'ready', ...(updatedRevision === undefined ? {} : { revision: updatedRevision }) };
  const event = episodeEventName(outcome);
  const webhooks = await selectSubscribedWebhooks(trx, episode.user_id, event);
  if (webhooks.length === 0) return;
  const body = episodeEventBody(episode, options.publicBaseUrl, outcome);
  for (const webhook of webhooks) {
    const id = await insertWebhookEvent(trx, { id: newId('webhookEvent'), webhook_id: webhook.id, event, episode_id: episode.id, revision: updatedRevision ?? 0, body });
    if (id) await addJob(trx, 'webhook:deliver', { eventId: id, attempt: 1 }, { account: episode.user_id, queueName: webhookQueueName(webhook.id), fair: options.fair });
  }
}
