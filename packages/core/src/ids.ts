// Opaque, prefixed identifiers (`ep_…`, `seg_…`): 128 random bits, URL-safe.
import { randomBytes, randomUUID } from 'node:crypto';

export const ID_PREFIXES = {
  episode: 'ep',
  segment: 'seg',
  refreshFamily: 'rf',
  apiKey: 'key',
  playlist: 'pl',
  webhook: 'wh',
  /** A webhook event: its id is the `webhook-id` header, the same on every attempt. */
  webhookEvent: 'evt',
  webhookDelivery: 'del',
  briefing: 'br',
  briefingSource: 'src',
  briefingRun: 'run',
  pronunciation: 'pr',
  /** An episode as video, in one shape (made on request, once per revision). */
  video: 'vid',
  /** A passage of an episode as video, to share. */
  clip: 'clip',
  /** A document kept for use as an episode source. */
  document: 'doc',
  show: 'show',
  /** Queued work a client can follow (a briefing run's job). */
  job: 'job',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${randomBytes(16).toString('base64url')}`;
}

/** User ids are UUIDs, as the interface specifies. */
export function newUserId(): string {
  return randomUUID();
}

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value from outside (a provider's metadata) can be a user id at all. */
export function isUserId(value: unknown): value is string {
  return typeof value === 'string' && USER_ID.test(value);
}
