// Requests to one Chatterbox server with the retry policy a remote model needs: a time
// limit per attempt (send to last byte), exponential backoff with full jitter between
// attempts, Retry-After honoured up to a cap, and only failures that can pass retried
// (network errors, timeouts, 408, 429, 5xx). Any other 4xx fails at once with the
// server's own message; 500 `Model not loaded` fails at once as `loading`, for the engine
// to wait on the server's health instead. The server goes on generating a request its
// client gave up on, so after a timeout nothing more is sent until the server says it is
// idle (within a bound): a retry sent at once would queue behind the abandoned work and
// time out in turn, and the next line's request too. The caller's abort ends
// everything at once and is never retried.
import { setTimeout as sleep } from 'node:timers/promises';
import { abortReason } from '../synthesis-abort.ts';
import { ChatterboxError } from './chatterbox-error.ts';
import { isModelNotLoaded, parseProcessing, PROGRESS_PATH, serverErrorMessage } from './chatterbox-protocol.ts';

export interface RetryPolicy {
  /** Attempts after the first. */
  retries: number;
  /** Limit for one attempt, from sending the request to the last byte of the reply. */
  timeoutMs: number;
  /** The backoff ceiling starts here and doubles each attempt… */
  backoffBaseMs: number;
  /** …up to here; the wait is uniformly random below the ceiling ("full jitter"). */
  backoffMaxMs: number;
  /** The longest Retry-After obeyed; a server asking for more is retried after this. */
  retryAfterMaxMs: number;
  /** How often a server that may still be generating an abandoned request is asked whether it is idle… */
  idlePollMs: number;
  /** …and for how long at most (a server stuck on it helps nobody). */
  idleWaitMaxMs: number;
}

export interface ChatterboxRequest {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  /** Sent as the JSON body. */
  json?: unknown;
  /** Sent as a multipart/form-data body (a voice library upload); made afresh for every attempt. */
  form?: () => Promise<FormData>;
  accept: string;
  /** This request's limit per attempt instead of the policy's (a long text takes longer). */
  timeoutMs?: number;
  /** This request's retries instead of the policy's. */
  retries?: number;
}

export interface ChatterboxReply {
  contentType: string;
  body: Uint8Array;
}

type AttemptOutcome = { reply: ChatterboxReply } | { failure: ChatterboxError; retryAfterMs?: number; timedOut?: true };

export class ChatterboxHttp {
  readonly baseUrl: string;
  private readonly apiKey: string | undefined;
  private readonly policy: RetryPolicy;
  /** Set by a timeout: how long at most to wait for the server to finish the abandoned request. */
  private busyForMs: number | undefined;

  constructor(baseUrl: string, apiKey: string | undefined, policy: RetryPolicy) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.apiKey = apiKey;
    this.policy = policy;
  }

  /** The 2xx reply, or a ChatterboxError once retrying cannot help or attempts run out. */
  async send(request: ChatterboxRequest, signal?: AbortSignal): Promise<ChatterboxReply> {
    for (let attempt = 1; ; attempt++) {
      // Nothing goes to a server that may still be generating what a timeout abandoned.
      if (this.busyForMs !== undefined) await this.untilIdle(this.busyForMs, signal);
      // An aborted signal makes fetch reject before sending, so no check is needed here.
      const outcome = await this.attempt(request, signal);
      if ('reply' in outcome) return outcome.reply;
      const { failure, retryAfterMs, timedOut } = outcome;
      if (timedOut) this.busyForMs = this.policy.idleWaitMaxMs;
      if (!failure.transient || failure.loading) throw failure;
      if (attempt > (request.retries ?? this.policy.retries)) {
        const tries = attempt === 1 ? '1 attempt' : `${attempt} attempts`;
        throw new ChatterboxError(`${failure.message} (gave up after ${tries})`, { status: failure.status, transient: true, cause: failure });
      }
      // After a timeout the wait for the server to be idle is the backoff.
      if (!timedOut) await pause(retryAfterMs ?? this.backoffMs(attempt), signal);
    }
  }

  /**
   * Waits until the server says it generates nothing (or `maxMs` has passed: a server
   * stuck that long is no use waiting for). A server without the status API, or one that
   * does not answer it, is given the backoff's ceiling instead.
   */
  private async untilIdle(maxMs: number, signal: AbortSignal | undefined): Promise<void> {
    const deadline = Date.now() + maxMs;
    for (;;) {
      const processing = await this.processing(signal);
      if (processing === false) break;
      if (processing === undefined) {
        await pause(Math.min(this.policy.backoffMaxMs, Math.max(0, deadline - Date.now())), signal);
        break;
      }
      if (Date.now() >= deadline) break;
      await pause(Math.min(this.policy.idlePollMs, deadline - Date.now()), signal);
    }
    this.busyForMs = undefined;
  }

  /** The server's own word on whether it is generating now; undefined when it cannot say (an older server, no answer). */
  private async processing(signal: AbortSignal | undefined): Promise<boolean | undefined> {
    const limit = AbortSignal.timeout(Math.min(this.policy.timeoutMs, 10_000));
    try {
      const response = await fetch(this.baseUrl + PROGRESS_PATH, {
        headers: { accept: 'application/json', ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}) },
        signal: signal ? AbortSignal.any([signal, limit]) : limit,
      });
      const body: unknown = await response.json().catch(() => undefined);
      return response.ok ? parseProcessing(body) : undefined;
    } catch {
      if (signal?.aborted) throw abortReason(signal);
      return undefined;
    }
  }

  private async attempt(request: ChatterboxRequest, signal: AbortSignal | undefined): Promise<AttemptOutcome> {
    const timeoutMs = request.timeoutMs ?? this.policy.timeoutMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    const headers: Record<string, string> = { accept: request.accept };
    if (request.json !== undefined) headers['content-type'] = 'application/json';
    if (this.apiKey) headers.authorization = `Bearer ${this.apiKey}`;
    try {
      const body = request.form ? await request.form() : request.json === undefined ? undefined : JSON.stringify(request.json);
      const response = await fetch(this.baseUrl + request.path, {
        method: request.method,
        headers,
        ...(body === undefined ? {} : { body }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      // Read under the same signal: a reply that stalls halfway is as dead as one that never starts.
      const replyBody = new Uint8Array(await response.arrayBuffer());
      if (response.ok) return { reply: { contentType: response.headers.get('content-type') ?? '', body: replyBody } };
      return this.refusal(request, response, replyBody);
    } catch (error) {
      if (signal?.aborted) throw abortReason(signal);
      if (timeout.aborted) {
        const failure = new ChatterboxError(`Chatterbox at ${this.baseUrl} did not answer within ${timeoutMs} ms`, { transient: true, cause: error });
        // Only a request that makes the server work keeps it busy after we leave.
        return request.method === 'POST' ? { failure, timedOut: true } : { failure };
      }
      return { failure: new ChatterboxError(`Chatterbox at ${this.baseUrl} unreachable: ${networkProblem(error)}`, { transient: true, cause: error }) };
    }
  }

  private refusal(request: ChatterboxRequest, response: Response, body: Uint8Array): AttemptOutcome {
    const { status } = response;
    const text = new TextDecoder().decode(body);
    const detail = serverErrorMessage(text) ?? (response.statusText || 'no reason given');
    const hint = status === 401 || status === 403 ? ' (check the API key)' : '';
    const transient = status === 408 || status === 429 || status >= 500;
    const loading = isModelNotLoaded(status, text) ? detail : undefined;
    const failure = new ChatterboxError(`Chatterbox at ${this.baseUrl} answered ${request.path} with ${status}: ${detail}${hint}`, { status, transient, loading });
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), this.policy.retryAfterMaxMs);
    return retryAfterMs === undefined ? { failure } : { failure, retryAfterMs };
  }

  private backoffMs(attempt: number): number {
    const ceiling = Math.min(this.policy.backoffMaxMs, this.policy.backoffBaseMs * 2 ** (attempt - 1));
    return Math.random() * ceiling; // full jitter: workers that failed together do not retry in lockstep
  }
}

/** Waits `ms`, or rejects with the abort reason as soon as `signal` fires. */
async function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await sleep(ms, undefined, signal ? { signal } : {});
  } catch (error) {
    if (signal?.aborted) throw abortReason(signal);
    throw error;
  }
}

/** Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3), clamped to 0..capMs. */
function parseRetryAfter(value: string | null, capMs: number, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(ms, 0), capMs);
}

/** "ECONNREFUSED", "ENOTFOUND", … from undici's "fetch failed" wrapper; its message when there is no code. */
function networkProblem(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown }).code;
  // undici's own codes (UND_ERR_SOCKET, …) say less than its message ("other side closed").
  if (typeof code === 'string' && !code.startsWith('UND_ERR')) return code;
  return cause instanceof Error ? cause.message : String(cause);
}
