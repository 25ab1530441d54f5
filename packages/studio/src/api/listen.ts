// Where the studio plays an episode and its videos from: signed addresses (GET
// /api/episodes/{id}/listen), which the browser's <audio> and <video> elements stream with
// range requests, since they cannot send the session's bearer token. Playback starts at
// once and seeks anywhere, however long the episode; nothing is fetched whole into memory.
import { api } from './session.ts';
import { ok } from './errors.ts';


export async function listenLinks(id: string) {
  return ok(await api.GET('/api/episodes/{id}/listen', { params: { path: { id } } }));
}

/** The episode's video in `shape`, signed. */
export async function signedVideoUrl(id: string, shape: string): Promise<string> {
  const video = (await listenLinks(id)).videos.find((candidate) => candidate.shape === shape);
  if (!video) throw new Error('The video of this episode is not available yet');
  return video.url;
}

/** One of the episode's clips, signed. */
export async function signedClipUrl(id: string, clipId: string): Promise<string> {
  const clip = (await listenLinks(id)).clips.find((candidate) => candidate.id === clipId);
  if (!clip) throw new Error('This clip is no longer there');
  return clip.url;
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
