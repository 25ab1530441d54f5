// One delivery attempt over the wire: POST the stored body with its signatures through the
// outbound guard (the address resolved and checked now, the connection pinned to it), at
// most 10 seconds in all, no redirects followed, and only a 2xx counts. Whatever happens
// becomes an outcome to record; nothing here throws.
import type { AttemptOutcome } from '@castwright/core/repositories/webhook-deliveries';
import { signatureHeaders } from '@castwright/core/webhooks/webhook-signature';
import { WEBHOOK_LIMITS } from '@castwright/core/webhooks/webhook-limits';
import { outboundPolicy, type OutboundPolicy } from '@castwright/content/fetch/outbound-policy';
import { sendOutbound } from '@castwright/content/fetch/outbound-request';
import { PermanentError } from '@castwright/core/errors';
import { parseRetryAfter } from './retry-schedule.ts';

export interface SignedMessage {
  /** The event id: `webhook-id`, the same on every attempt. */
  id: string;
  body: string;
  secret: string;
}

export interface SentAttempt extends AttemptOutcome {
  /** The receiver's Retry-After, in milliseconds. */
  retryAfterMs: number | undefined;
}

/** The guard's settings for deliveries: only headers are awaited, and the body is never read. */
export function deliveryPolicy(allowPrivateAddresses: boolean): OutboundPolicy {
  return outboundPolicy({
    allowPrivateAddresses,
    headersTimeoutMs: WEBHOOK_LIMITS.attemptTimeoutMs,
    bodyTimeoutMs: WEBHOOK_LIMITS.attemptTimeoutMs,
    maxBytes: 64 * 1024,
    maxRedirects: 0,
    allowedContentTypes: [],
  });
}

export async function sendAttempt(url: string, message: SignedMessage, policy: OutboundPolicy): Promise<SentAttempt> {
  const sentAt = new Date();
  const signal = AbortSignal.timeout(WEBHOOK_LIMITS.attemptTimeoutMs);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await sendOutbound(url, policy, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signatureHeaders(message.secret, { id: message.id, body: message.body, timestamp: sentAt }) },
      body: message.body,
      followRedirects: false,
      discardBody: true,
      signal,
      describedAs: 'The receiver',
    });
    const success = response.status >= 200 && response.status <= 299;
    const redirect = response.status >= 300 && response.status <= 399;
    return {
      statusCode: response.status,
      durationMs: elapsed(),
      success,
      error: redirect ? `The receiver redirected (to ${response.headers.get('location') ?? 'nowhere'}); redirects are not followed, answer with a 2xx` : null,
      retryAfterMs: success ? undefined : parseRetryAfter(response.headers.get('retry-after'), new Date()),
    };
  } catch (error) {
    const reason = signal.aborted ? `No answer within ${WEBHOOK_LIMITS.attemptTimeoutMs / 1000} seconds` : describeFailure(error);
    return { statusCode: null, durationMs: elapsed(), success: false, error: reason, retryAfterMs: undefined };
  }
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'The connection was refused',
  ECONNRESET: 'The connection was reset before an answer',
  UND_ERR_SOCKET: 'The connection was closed before an answer',
  EPIPE: 'The connection was closed before an answer',
  ETIMEDOUT: 'The connection timed out',
  EHOSTUNREACH: 'The host is unreachable',
  ENETUNREACH: 'The network is unreachable',
  ENOTFOUND: 'The host could not be found',
  EAI_AGAIN: 'The host name could not be resolved (temporary DNS failure)',
};

/** Why there was no HTTP answer, in words the webhook's owner can act on. */
function describeFailure(error: unknown): string {
  if (error instanceof PermanentError) return error.message;
  // undici wraps the socket's error in "fetch failed"; the cause says what happened.
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && cause instanceof Error; depth++) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code && NETWORK_REASONS[code]) return NETWORK_REASONS[code];
    if (code && /CERT|TLS|SSL/.test(code)) return `The receiver's TLS certificate was not accepted (${code}): ${cause.message}`;
    if (cause instanceof PermanentError) return cause.message;
    if (!cause.cause) break;
    cause = cause.cause;
  }
  return `The request failed: ${cause instanceof Error ? cause.message : String(cause)}`;
}
