// The one SSRF-safe way out of our network: articles, feeds and webhook deliveries all
// send through here. Every hop is checked before it is sent (outbound-url.ts) and
// connected only to addresses checked at connect time (pinned-lookup.ts), so DNS
// rebinding cannot slip a private address in; redirects are followed by hand so each one
// is checked again (or not followed at all); the body is read as a stream and abandoned
// past the byte cap or the time limit. What the status means is the caller's business.
// Refused addresses, time limits and oversized bodies are PermanentErrors with a message
// for the user; network trouble stays a plain Error.
import { Agent, fetch, type Headers, type Response } from 'undici';
import { PermanentError } from '@castwright/core/errors';
import type { OutboundPolicy } from './outbound-policy.ts';
import { parseOutboundUrl } from './outbound-url.ts';
import { pinnedLookup, systemResolve } from './pinned-lookup.ts';

export interface OutboundRequest {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Follow redirects, re-checking every hop (default); false answers a 3xx as it is. */
  followRedirects?: boolean;
  /** Aborts the whole exchange (a total time limit on top of the policy's per-phase ones). */
  signal?: AbortSignal;
  /** What the far end is, in the user's words, for error messages ('The page'; default 'The server'). */
  describedAs?: string;
  /** Only the status and headers matter (webhook deliveries): the body is not read, so its size cannot fail the exchange. */
  discardBody?: boolean;
}

export interface OutboundResponse {
  /** The URL after redirects. */
  finalUrl: string;
  status: number;
  headers: Headers;
  /** Up to the policy's maxBytes (HEAD, bodiless answers and discardBody: empty). */
  body: Buffer;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'Castwright/0.1 (podcast generator; +https://castwright.example/bot)';

export async function sendOutbound(target: string | URL, policy: OutboundPolicy, request: OutboundRequest = {}): Promise<OutboundResponse> {
  let url = parseOutboundUrl(target, policy.allowPrivateAddresses);
  const agent = new Agent({
    connect: { lookup: pinnedLookup(policy.resolve ?? systemResolve, policy.allowPrivateAddresses) },
    headersTimeout: policy.headersTimeoutMs,
    bodyTimeout: policy.bodyTimeoutMs,
  });
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await sendOnce(url, agent, policy, request);
      if (request.followRedirects !== false && REDIRECT_STATUSES.has(response.status)) {
        await response.body?.cancel().catch(() => undefined);
        const location = response.headers.get('location');
        if (!location) throw new PermanentError(`HTTP ${response.status} from ${url.hostname} without a Location`);
        if (redirects >= policy.maxRedirects) throw new PermanentError(`${subject(request)} redirects more than ${policy.maxRedirects} times`);
        url = parseOutboundUrl(new URL(location, url), policy.allowPrivateAddresses);
        continue;
      }
      if (request.method === 'HEAD' || request.discardBody) {
        await response.body?.cancel().catch(() => undefined);
        return { finalUrl: url.href, status: response.status, headers: response.headers, body: Buffer.alloc(0) };
      }
      const body = await readBody(response, policy, request);
      return { finalUrl: url.href, status: response.status, headers: response.headers, body };
    }
  } finally {
    await agent.destroy().catch(() => undefined);
  }
}

/** One request, without following redirects, aborted if headers take longer than headersTimeoutMs. */
async function sendOnce(url: URL, agent: Agent, policy: OutboundPolicy, request: OutboundRequest): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), policy.headersTimeoutMs);
  const signal = request.signal ? AbortSignal.any([controller.signal, request.signal]) : controller.signal;
  try {
    return await fetch(url, {
      method: request.method ?? 'GET',
      redirect: 'manual',
      dispatcher: agent,
      signal,
      headers: { 'user-agent': USER_AGENT, ...request.headers },
      body: request.body,
    });
  } catch (error) {
    if (request.signal?.aborted) throw new PermanentError(`${subject(request)} did not answer in the time allowed`, { cause: error });
    if (controller.signal.aborted) throw new PermanentError(`${subject(request)} did not answer within ${seconds(policy.headersTimeoutMs)}`);
    // undici wraps connector errors (ours from the pinned lookup among them) in "fetch failed".
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof PermanentError) throw cause;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The body, read as a stream and abandoned past maxBytes or bodyTimeoutMs. */
async function readBody(response: Response, policy: OutboundPolicy, request: OutboundRequest): Promise<Buffer> {
  const { signal } = request;
  const tooLarge = () => new PermanentError(`${subject(request)} is larger than ${describeBytes(policy.maxBytes)}`);
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > policy.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  let timedOut = false;
  const stop = () => {
    timedOut = true;
    void reader.cancel().catch(() => undefined);
  };
  const timer = setTimeout(stop, policy.bodyTimeoutMs);
  signal?.addEventListener('abort', stop, { once: true });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (timedOut || done) break;
      size += value.byteLength;
      if (size > policy.maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (!timedOut) throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
  if (timedOut) throw new PermanentError(`${subject(request)} did not finish downloading within ${seconds(policy.bodyTimeoutMs)}`);
  return Buffer.concat(chunks);
}

const subject = (request: OutboundRequest) => request.describedAs ?? 'The server';

function seconds(ms: number): string {
  const value = Math.round(ms / 100) / 10;
  return `${value} second${value === 1 ? '' : 's'}`;
}

/** 5242880 → "5 MB", 2048 → "2 KB": how a limit is shown to the user. */
function describeBytes(bytes: number): string {
  const round = (value: number) => Math.round(value * 10) / 10;
  if (bytes >= 1024 * 1024) return `${round(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
