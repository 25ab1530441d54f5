// The documented bounds of webhooks: the interface's (10 s, 3 retries) and those it
// leaves open (per-account count, retry spacing, when a webhook is turned off).
export const WEBHOOK_LIMITS = {
  /** Webhooks one account may hold. */
  perAccount: 10,
  urlMaxLength: 2048,
  descriptionMaxLength: 500,
  /** The first attempt and up to three retries. */
  attemptsPerEvent: 4,
  /** One attempt, from resolving the address to the response headers. */
  attemptTimeoutMs: 10_000,
  /** Retry k waits a random time in [0, base × factor^(k−1)], never more than the cap. */
  backoffFactor: 4,
  backoffCapMs: 60 * 60 * 1000,
  /** A receiver's Retry-After is obeyed up to this long. */
  retryAfterCapMs: 60 * 60 * 1000,
  /** Events in a row whose every attempt failed before the webhook is turned off. */
  failedEventsBeforeDeactivation: 5,
  /** Attempts cut short by their worker's death that do not count against the event's attempts. */
  forgivenInterruptions: 3,
} as const;

/** The graphile-worker queue of a webhook's deliveries: one at a time per webhook, so a slow receiver holds one worker slot at most. */
export function webhookQueueName(webhookId: string): string {
  return `webhook:${webhookId}`;
}
