// Checking what a client sends for a webhook: an https address that the outbound guard
// would let through (no IP literal or local name pointing inside a network; the address
// is resolved and checked again at every delivery), and only documented event names.
import { AppError, PermanentError } from '@castwright/core/errors';
import { WEBHOOK_EVENTS } from '@castwright/core/webhooks/webhook-events';
import { parseOutboundUrl } from '@castwright/content/fetch/outbound-url';

export function checkWebhookUrl(raw: string, allowPrivateAddresses: boolean): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw AppError.validation('The webhook url must be an absolute https:// address', ['body.url must be an absolute URL']);
  }
  if (url.protocol !== 'https:') throw AppError.validation('The webhook url must be an https:// address', ['body.url must use https']);
  try {
    return parseOutboundUrl(url, allowPrivateAddresses).href;
  } catch (error) {
    if (!(error instanceof PermanentError)) throw error;
    throw AppError.validation(`The webhook url cannot be used: ${error.message}`, [`body.url: ${error.message}`]);
  }
}

/** The events, each once, in the documented order; a 400 naming the allowed ones for anything else. */
export function checkWebhookEvents(events: readonly string[]): string[] {
  const unknown = events.filter((event) => !(WEBHOOK_EVENTS as readonly string[]).includes(event));
  if (unknown.length > 0) {
    const message = `Unknown event${unknown.length > 1 ? 's' : ''} ${unknown.map((event) => `"${event}"`).join(', ')}; allowed: ${WEBHOOK_EVENTS.join(', ')}`;
    throw AppError.validation(message, [`body.events: ${message}`]);
  }
  return WEBHOOK_EVENTS.filter((event) => events.includes(event));
}
