// The part of the typed client that runs anywhere fetch does (Node, browsers): openapi-fetch
// over the generated `paths` — every route, its parameters, bodies and answers typed from
// the server's own schemas — and the progress stream as typed events. The browser studio
// imports this module; `castwright-client.ts` adds what needs Node (saving audio to a file).
import createClient, { type Client } from 'openapi-fetch';
import { createParser } from 'eventsource-parser';
import { idempotentOperations, type operations, type paths } from './generated/openapi.ts';
import { retryingFetch, type RetryOptions } from './retrying-fetch.ts';

export type CastwrightClient = Client<paths>;

/** One message of `GET /api/episodes/{id}/stream`. */
export type ProgressEvent = operations['getEpisodesByIdStream']['responses'][200]['content']['text/event-stream'];

export interface ClientOptions {
  /** The server, e.g. `https://127.0.0.1:8443`. */
  baseUrl: string;
  /** An access token or an API key (`svc_…`). */
  token?: string;
  /** A fetch of your own (a proxy, a custom certificate authority, a browser session); the global one otherwise. */
  fetch?: (request: Request) => Promise<Response>;
  /**
   * Retries after network errors, 429 and 503, with backoff and `Retry-After`, only where it
   * is safe (retrying-fetch.ts); `false` turns them off, `{ attempts }` bounds them. On by default.
   */
  retry?: RetryOptions | false;
}

const IDEMPOTENT = new Set(idempotentOperations);

/** The fetch every call goes through: the caller's (or the global one), retrying unless turned off. */
function clientFetch(options: ClientOptions): (request: Request) => Promise<Response> {
  return retryingFetch(options.fetch ?? ((request) => fetch(request)), options.retry ?? {});
}

/**
 * The typed client. Every call of an operation that takes `Idempotency-Key` carries a
 * fresh one (unless the caller set its own), which the retries repeat: a retried POST is
 * answered with the first answer instead of being done twice.
 */
export function createCastwrightClient(options: ClientOptions): CastwrightClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    fetch: clientFetch(options),
  });
  client.use({
    onRequest: ({ request, schemaPath }) => {
      if (IDEMPOTENT.has(`${request.method} ${schemaPath}`) && !request.headers.has('idempotency-key')) request.headers.set('idempotency-key', crypto.randomUUID());
      return request;
    },
  });
  return client;
}

/** An answer that was not a success, with the server's error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    const message = (body as { message?: unknown } | undefined)?.message;
    super(typeof message === 'string' ? message : `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

/** A GET of `path` with the options' credentials; an answer that is not 2xx throws an ApiError. */
export async function send(options: ClientOptions, path: string, signal?: AbortSignal): Promise<Response> {
  const headers = new Headers(options.token ? { authorization: `Bearer ${options.token}` } : {});
  const request = new Request(`${options.baseUrl.replace(/\/+$/, '')}${path}`, { headers, signal: signal ?? null });
  const response = await clientFetch(options)(request);
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => undefined));
  return response;
}

/**
 * The episode's progress as it happens: the current state first, then each change, ending
 * after `ready` or `error` (the server closes the stream there).
 */
export async function* followEpisode(options: ClientOptions, episodeId: string, signal?: AbortSignal): AsyncGenerator<ProgressEvent> {
  const response = await send(options, `/api/episodes/${encodeURIComponent(episodeId)}/stream`, signal);
  if (!response.body) return;
  const pending: ProgressEvent[] = [];
  const parser = createParser({ onEvent: (event) => pending.push(JSON.parse(event.data) as ProgressEvent) });
  const decoder = new TextDecoder();
  // A reader rather than `for await` over the body: not every browser iterates streams.
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(decoder.decode(value, { stream: true }));
      while (pending.length > 0) {
        const event = pending.shift() as ProgressEvent;
        yield event;
        if (event.status === 'ready' || event.status === 'error') return;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
