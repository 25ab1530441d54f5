// Records an episode's terminal event for every active webhook of its owner that
// subscribes to it: a row and its `webhook:deliver` job per webhook, in the caller's
// transaction (the one that moved the episode), so the event exists if and only if the
// change committed. A second recording of the same event is a no-op (unique index).
import type { Trx } from '../db/connect.ts';
import type { EpisodeRow } from '../db/schema.ts';
import { newId } from '../ids.ts';
import { addJob } from '../jobs.ts';
import { insertWebhookEvent } from '../repositories/webhook-events.ts';
import { selectSubscribedWebhooks } from '../repositories/webhooks.ts';
import { episodeEventBody, episodeEventName } from './webhook-events.ts';
import { webhookQueueName } from './webhook-limits.ts';

export async function recordEpisodeEvent(trx: Trx, episode: EpisodeRow & { status: 'ready' | 'error' }, baseUrl: string): Promise<void> {
  const event = episodeEventName(episode.status);
  const webhooks = await selectSubscribedWebhooks(trx, episode.user_id, event);
  if (webhooks.length === 0) return;
  const body = episodeEventBody(episode, baseUrl);
  for (const webhook of webhooks) {
    const id = await insertWebhookEvent(trx, { id: newId('webhookEvent'), webhook_id: webhook.id, event, episode_id: episode.id, body });
    if (id) await addJob(trx, 'webhook:deliver', { eventId: id, attempt: 1 }, { account: episode.user_id, queueName: webhookQueueName(webhook.id) });
  }
}
