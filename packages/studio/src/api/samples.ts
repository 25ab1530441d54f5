// Samples (a voice's, a lexicon entry's) and videos: the API makes one on a media worker
// when it is first asked for and answers 202 with Retry-After until it is stored. An
// <audio> element cannot send the session's token, so a sample (a few seconds) is fetched
// here, asking again as told, and played from a blob: URL; a video (as long as its
// episode) is only waited for here, then streamed from a signed address (signed-video.tsx).
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

type WaitOptions = { signal?: AbortSignal; onWaiting?: (percent: number | undefined) => void; giveUpMs?: number };

/** The first answer that is not a 202, asking again as told while the file is made. */
async function answerOnceMade(path: string, options: WaitOptions, headers?: Record<string, string>): Promise<Response> {
  const deadline = Date.now() + (options.giveUpMs ?? GIVE_UP_MS);
  for (;;) {
    const response = await sessionFetch(new Request(new URL(path, location.origin), { signal: options.signal ?? null, ...(headers ? { headers } : {}) }));
    if (response.status !== 202) {
      if (!response.ok) throw describeFailure(response, await response.json().catch(() => undefined));
      return response;
    }
    const pending = (await response.json().catch(() => undefined)) as { video?: { progressPercent?: number } } | undefined;
    options.onWaiting?.(pending?.video?.progressPercent);
    if (Date.now() > deadline) throw new StudioError(503, 'It is still being made. Try again in a minute.');
    const seconds = Number(response.headers.get('retry-after'));
    await wait((Number.isFinite(seconds) && seconds > 0 ? seconds : 2) * 1000, options.signal);
  }
}

/**
 * The made file, asking again while it is being made; `onWaiting` hears each 202 with the
 * progress it reports (a video's), `giveUpMs` how long a person is asked to wait.
 */
export async function fetchSample(path: string, options: WaitOptions = {}): Promise<Blob> {
  return (await answerOnceMade(path, options)).blob();
}

/** Waits until the file is made without fetching it (its first byte only): a video is then played from a signed address. */
export async function untilMade(path: string, options: WaitOptions = {}): Promise<void> {
  await (await answerOnceMade(path, options, { range: 'bytes=0-0' })).arrayBuffer();
}
