// Samples (a voice's, a lexicon entry's) and videos: the API makes one on a media worker
// when it is first asked for and answers 202 with Retry-After until it is stored. An
// <audio> or <video> element cannot send the session's token, so the file is fetched here,
// asking again as told, and played from a blob: URL.
import { describeFailure, StudioError } from './errors.ts';
import { sessionFetch } from './session.ts';

/** How long a person waits for a sample before being told it is not ready. */
const GIVE_UP_MS = 60_000;

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}

/**
 * The made file, asking again while it is being made; `onWaiting` hears each 202 with the
 * progress it reports (a video's), `giveUpMs` how long a person is asked to wait.
 */
export async function fetchSample(path: string, options: { signal?: AbortSignal; onWaiting?: (percent: number | undefined) => void; giveUpMs?: number } = {}): Promise<Blob> {
  const deadline = Date.now() + (options.giveUpMs ?? GIVE_UP_MS);
  for (;;) {
    const response = await sessionFetch(new Request(new URL(path, location.origin), { signal: options.signal ?? null }));
    if (response.status !== 202) {
      if (!response.ok) throw describeFailure(response, await response.json().catch(() => undefined));
      return response.blob();
    }
    const pending = (await response.json().catch(() => undefined)) as { video?: { progressPercent?: number } } | undefined;
    options.onWaiting?.(pending?.video?.progressPercent);
    if (Date.now() > deadline) throw new StudioError(503, 'It is still being made. Try again in a minute.');
    const seconds = Number(response.headers.get('retry-after'));
    await wait((Number.isFinite(seconds) && seconds > 0 ? seconds : 2) * 1000, options.signal);
  }
}
