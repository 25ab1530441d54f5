// Where the studio plays an episode from: signed addresses (GET /api/episodes/{id}/listen),
// which the browser's <audio> element streams with range requests, since it cannot send
// the session's bearer token. Playback starts at once and seeks anywhere, however long the
// episode; nothing is fetched whole into memory.
import { api } from './session.ts';
import { ok } from './errors.ts';


export async function listenLinks(id: string) {
  return ok(await api.GET('/api/episodes/{id}/listen', { params: { path: { id } } }));
}

/**
 * Where a live stream was when the finished file replaced it, so the episode's player
 * goes on from there: the two have the same timings to the sample.
 */
const handoffs = new Map<string, number>();

export function handOff(episodeId: string, ms: number): void {
  handoffs.set(episodeId, ms);
}

export function takeHandoff(episodeId: string): number | undefined {
  const ms = handoffs.get(episodeId);
  handoffs.delete(episodeId);
  return ms;
}
