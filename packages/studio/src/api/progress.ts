// An episode's live progress over its Server-Sent Events stream (the typed client's
// followEpisode, through the session's fetch). The stream ends at ready or error.
import { useEffect, useState } from 'preact/hooks';
import { followEpisode, type ProgressEvent } from '@castwright/client/api-client';
import { sessionFetch } from './session.ts';

const streamOptions = () => ({ baseUrl: location.origin, fetch: sessionFetch });

/** The latest progress message while `follow` is true; undefined before the first. */
export function useProgress(episodeId: string, follow: boolean): ProgressEvent | undefined {
  const [latest, setLatest] = useState<ProgressEvent | undefined>(undefined);
  useEffect(() => {
    if (!follow) return;
    // A new following starts from nothing: the last one's `ready` is not this one's.
    setLatest(undefined);
    const controller = new AbortController();
    void (async () => {
      try {
        for await (const event of followEpisode(streamOptions(), episodeId, controller.signal)) setLatest(event);
      } catch {
        // The page shows the last state it had; a reload follows again.
      }
    })();
    return () => controller.abort();
  }, [episodeId, follow]);
  return latest;
}

/** Browsers open at most six connections to one origin over HTTP/1.1: the list follows only this many at once. */
export const MAX_FOLLOWED = 3;
export const needsFollowing = (status: string) => !['ready', 'error', 'review_script'].includes(status);
