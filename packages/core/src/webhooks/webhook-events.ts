// The events a webhook can subscribe to and the exact bodies sent for them (the
// interface's "Client webhook events"). A body is built once, when the event happens,
// and stored: every attempt then sends and signs the same bytes.
import type { EpisodeRow } from '../db/schema.ts';
import { episodeAudioPath } from '../episode-states.ts';

export const WEBHOOK_EVENTS = ['episode.completed', 'episode.updated', 'episode.failed'] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

/** Sent only by POST /api/webhooks/:id/test; never subscribed to. */
export const TEST_EVENT = 'webhook.test';

/**
 * What an episode's move reports: its first `ready` is `episode.completed`, every later
 * revision published is `episode.updated` (with that revision), `error` is `episode.failed`.
 */
export type EpisodeEvent = { status: 'ready'; revision?: number } | { status: 'error' };

export function episodeEventName(outcome: EpisodeEvent): WebhookEventName {
  if (outcome.status === 'error') return 'episode.failed';
  return outcome.revision === undefined ? 'episode.completed' : 'episode.updated';
}

/**
 * `{event, timestamp, data: {episode}}` (+ `data.error` for a failure, `data.revision` for
 * an update). `audioUrl` is absolute, built from PUBLIC_BASE_URL; `timestamp` is when the
 * episode reached the state.
 */
export function episodeEventBody(episode: EpisodeRow, baseUrl: string, outcome: EpisodeEvent): string {
  const ready = outcome.status === 'ready';
  const event = episodeEventName(outcome);
  const data: Record<string, unknown> = {
    episode: {
      id: episode.id,
      title: episode.title,
      status: episode.status,
      audioUrl: ready && episode.audio_key ? `${baseUrl}${episodeAudioPath(episode.id)}` : null,
      audioDuration: episode.audio_duration_ms === null ? null : Math.round(episode.audio_duration_ms / 1000),
      preset: episode.preset,
      hostMode: episode.host_mode,
      createdAt: episode.created_at.toISOString(),
    },
  };
  if (!ready) data.error = episode.error_message ?? 'Processing failed';
  if (outcome.status === 'ready' && outcome.revision !== undefined) data.revision = outcome.revision;
  return JSON.stringify({ event, timestamp: episode.updated_at.toISOString(), data });
}

/** The test event's body: says what it is and which webhook it was sent to. */
export function testEventBody(webhook: { id: string; url: string }, at: Date): string {
  return JSON.stringify({
    event: TEST_EVENT,
    timestamp: at.toISOString(),
    data: { webhook: { id: webhook.id, url: webhook.url }, message: 'A test delivery from Castwright: your endpoint is reachable and can check signatures.' },
  });
}
