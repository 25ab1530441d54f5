// Retries that are always safe. A request is sent again after a network error, a 503 or
// a 429, with exponential backoff and full jitter, or after exactly the `Retry-After` the
// server asked for, but only when doing it twice cannot do anything twice:
// - GET, HEAD, OPTIONS, PUT and DELETE, which HTTP defines as idempotent;
// - a request carrying an `Idempotency-Key` (the client adds one to every operation that
//   takes it, the same on each retry), whose retry the server answers with the kept answer;
// - any request refused with a 429 that says when to come back (`Retry-After`): a rate
//   limit refuses before anything is done. The monthly quota's 429 says no such thing and is final.
// A 409 that says `Retry-After` on a keyed request (the first attempt is still running)
// is waited out too. Runs wherever fetch does (Node, browsers).

export interface RetryOptions {
  /** Tries in all, the first included (default 4). */
  attempts?: number;
  /** The first backoff's ceiling; each retry doubles it (default 250 ms). */
  baseDelayMs?: number;
  /** No wait is longer; a `Retry-After` beyond it is not waited for, the answer is returned (default 20 s). */
  maxDelayMs?: number;
}

type Fetch = (request: Request) => Promise<Response>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
const DEFAULTS = { attempts: 4, baseDelayMs: 250, maxDelayMs: 20_000 } satisfies Required<RetryOptions>;

/** `Retry-After` in milliseconds (delta-seconds or an HTTP date); undefined when absent or unreadable. */
function retryAfterMs(response: Response): number | undefined {
  const value = response.headers.get('retry-after');
  if (value === null) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Whether this answer may be asked for again, per the rules above. */
function isRetryableAnswer(response: Response, safe: boolean, keyed: boolean): boolean {
  const waitFor = response.headers.has('retry-after');
  if (response.status === 503) return safe;
  if (response.status === 429) return waitFor;
  if (response.status === 409) return keyed && waitFor;
  return false;
}

function sleep(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Wraps a fetch so that it retries as described; `false` options give the fetch back unchanged. */
export function retryingFetch(fetch: Fetch, options: RetryOptions | false = {}): Fetch {
  if (options === false) return fetch;
  const { attempts, baseDelayMs, maxDelayMs } = { ...DEFAULTS, ...options };
  const backoff = (retry: number) => Math.random() * Math.min(maxDelayMs, baseDelayMs * 2 ** retry);
  return async (request) => {
    const keyed = request.headers.has('idempotency-key');
    const safe = keyed || SAFE_METHODS.has(request.method.toUpperCase());
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= attempts;
      let response: Response;
      try {
        // The original is kept unread, so every attempt sends the same body.
        response = await fetch(last ? request : request.clone());
      } catch (error) {
        // A network error: the request may or may not have been acted on.
        if (last || !safe || request.signal?.aborted) throw error;
        await sleep(backoff(attempt - 1), request.signal);
        continue;
      }
      if (last || !isRetryableAnswer(response, safe, keyed)) return response;
      const asked = retryAfterMs(response);
      if (asked !== undefined && asked > maxDelayMs) return response;
      await response.body?.cancel().catch(() => undefined);
      await sleep(asked ?? backoff(attempt - 1), request.signal);
    }
  };
}
