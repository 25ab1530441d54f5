// An episode's MP3 as an HTTP answer: the whole file, or one byte range (206) for
// players that seek, streamed from storage under the caller's access rules (the API's
// own, or a feed token's). HEAD answers the same headers without opening the file.
// Validators let players and podcast apps revalidate (304) and resume (If-Range).
import parseRange from 'range-parser';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import { isNotModified, notModified, rangeApplies, validatorHeaders, type ConditionalRequest, type HttpAnswer, type Validators } from '../http/conditional-get.ts';

/**
 * Caches may keep the audio but must ask again before every use (`no-cache`): making a
 * public episode private, deleting it or revoking a feed then takes effect at once,
 * and asking again is a cheap 304. Only a public episode's audio may sit in shared caches.
 */
export function audioCacheControl(episode: EpisodeRow, via: 'api' | 'feed'): string {
  return via === 'api' && episode.is_public ? 'public, no-cache' : 'private, no-cache';
}

export async function openEpisodeAudio(storage: ObjectStorage, episode: EpisodeRow, request: ConditionalRequest, cacheControl: string): Promise<HttpAnswer<200 | 206 | 304>> {
  // The published revision's file, also while a new revision renders.
  const info = episode.audio_key ? await storage.stat(episode.audio_key) : null;
  if (!episode.audio_key || !info) throw new AppError('notFound', 'The audio of this episode is not available yet');
  // A published file never changes (a new revision is a new file): its size and publication time name it.
  const lastModified = episode.audio_published_at ?? episode.completed_at ?? episode.updated_at;
  const validators: Validators = { etag: `"${info.size.toString(36)}-${lastModified.getTime().toString(36)}"`, lastModified };
  if (isNotModified(request, validators)) return notModified(validators, cacheControl);
  const headers: Record<string, string | number> = {
    ...validatorHeaders(validators),
    'Accept-Ranges': 'bytes',
    'Content-Type': info.contentType,
    'Cache-Control': cacheControl,
    'Content-Disposition': `inline; filename="${episode.id}.mp3"`,
  };
  const bodyless = request.head;
  const rangeHeader = request.range;
  const ranges = rangeHeader && rangeApplies(request, validators) ? parseRange(info.size, rangeHeader, { combine: true }) : undefined;
  if (ranges === -1) {
    throw new AppError('rangeNotSatisfiable', undefined, { headers: { 'Content-Range': `bytes */${info.size}` } });
  }
  // A malformed Range header (-2) is ignored, as HTTP says: the whole file is sent.
  if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length > 0) {
    const { start, end } = ranges[0] as { start: number; end: number };
    return {
      status: 206,
      headers: { ...headers, 'Content-Range': `bytes ${start}-${end}/${info.size}`, 'Content-Length': end - start + 1 },
      body: bodyless ? undefined : await storage.read(episode.audio_key, { start, end }),
    };
  }
  return { status: 200, headers: { ...headers, 'Content-Length': info.size }, body: bodyless ? undefined : await storage.read(episode.audio_key) };
}
