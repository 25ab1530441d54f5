// An episode's MP3 as an HTTP answer (http/stored-file.ts: whole, or a byte range for
// players that seek), under the caller's access rules (the API's own, or a feed token's).
// Validators let players and podcast apps revalidate (304) and resume (If-Range).
import type { EpisodeRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import type { ConditionalRequest, HttpAnswer, Validators } from '../http/conditional-get.ts';
import { storedFileAnswer } from '../http/stored-file.ts';

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
  return storedFileAnswer(storage, { key: episode.audio_key, size: info.size, contentType: info.contentType, validators, cacheControl, fileName: `${episode.id}.mp3` }, request);
}
