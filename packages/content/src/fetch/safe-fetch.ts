// The one SSRF-safe outbound fetch. Every hop is checked before it is sent
// (outbound-url.ts) and connected only to addresses checked at connect time
// (pinned-lookup.ts); redirects are followed by hand so each one is checked again;
// the body is read as a stream and abandoned past the byte cap or the time limit.
// Bad input (refused address, 4xx, too large, too slow, wrong type) is a
// PermanentError with a message for the user; network trouble and 5xx stay plain
// Errors so the job is retried.
import { Agent, fetch, type Response } from 'undici';
import { PermanentError } from '@castwright/core/errors';
import type { OutboundPolicy } from './outbound-policy.ts';
import { parseOutboundUrl } from './outbound-url.ts';
import { pinnedLookup, systemResolve } from './pinned-lookup.ts';

export interface FetchedResource {
  /** The URL after redirects. */
  finalUrl: string;
  status: number;
  /** The Content-Type header as sent (with parameters such as charset), '' when absent. */
  contentType: string;
  body: Buffer;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'Castwright/0.1 (podcast generator; +https://castwright.example/bot)';

export async function safeFetch(target: string | URL, policy: OutboundPolicy): Promise<FetchedResource> {
  let url = parseOutboundUrl(target, policy.allowPrivateAddresses);
  const agent = new Agent({
    connect: { lookup: pinnedLookup(policy.resolve ?? systemResolve, policy.allowPrivateAddresses) },
    headersTimeout: policy.headersTimeoutMs,
    bodyTimeout: policy.bodyTimeoutMs,
  });
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await sendWithTimeout(url, agent, policy);
      if (REDIRECT_STATUSES.has(response.status)) {
        await response.body?.cancel().catch(() => undefined);
        const location = response.headers.get('location');
        if (!location) throw new PermanentError(`HTTP ${response.status} from ${url.hostname} without a Location`);
        if (redirects >= policy.maxRedirects) throw new PermanentError(`The page redirects more than ${policy.maxRedirects} times`);
        url = parseOutboundUrl(new URL(location, url), policy.allowPrivateAddresses);
        continue;
      }
      if (response.status < 200 || response.status > 299) {
        await response.body?.cancel().catch(() => undefined);
        const message = `HTTP ${response.status} from ${url.hostname}`;
        // Server trouble and rate limits may pass; anything else in 4xx will not.
        if (response.status >= 500 || response.status === 429 || response.status === 408) throw new Error(message);
        throw new PermanentError(message);
      }
      const contentType = response.headers.get('content-type') ?? '';
      checkContentType(contentType, policy, response);
      const body = await readBody(response, policy);
      return { finalUrl: url.href, status: response.status, contentType, body };
    }
  } finally {
    await agent.destroy().catch(() => undefined);
  }
}

/** One request, without following redirects, aborted if headers take longer than headersTimeoutMs. */
async function sendWithTimeout(url: URL, agent: Agent, policy: OutboundPolicy): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), policy.headersTimeoutMs);
  try {
    return await fetch(url, {
      redirect: 'manual',
      dispatcher: agent,
      signal: controller.signal,
      headers: { 'user-agent': USER_AGENT, accept: `${policy.allowedContentTypes.join(', ')}, */*;q=0.1` },
    });
  } catch (error) {
    if (controller.signal.aborted) throw new PermanentError(`The page did not answer within ${seconds(policy.headersTimeoutMs)}`);
    // undici wraps connector errors (ours from the pinned lookup among them) in "fetch failed".
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof PermanentError) throw cause;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function checkContentType(contentType: string, policy: OutboundPolicy, response: Response): void {
  const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (policy.allowedContentTypes.includes(mediaType)) return;
  void response.body?.cancel().catch(() => undefined);
  throw new PermanentError(`The page is not HTML or text (${mediaType || 'no content type'})`);
}

/** The body, read as a stream and abandoned past maxBytes or bodyTimeoutMs. */
async function readBody(response: Response, policy: OutboundPolicy): Promise<Buffer> {
  const tooLarge = () => new PermanentError(`The page is larger than ${describeBytes(policy.maxBytes)}`);
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > policy.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void reader.cancel().catch(() => undefined);
  }, policy.bodyTimeoutMs);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (timedOut) break;
      if (done) break;
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
  }
  if (timedOut) throw new PermanentError(`The page did not finish downloading within ${seconds(policy.bodyTimeoutMs)}`);
  return Buffer.concat(chunks);
}

function seconds(ms: number): string {
  const value = Math.round(ms / 100) / 10;
  return `${value} second${value === 1 ? '' : 's'}`;
}

/** 5242880 → "5 MB", 2048 → "2 KB": how a limit is shown to the user. */
export function describeBytes(bytes: number): string {
  const round = (value: number) => Math.round(value * 10) / 10;
  if (bytes >= 1024 * 1024) return `${round(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
