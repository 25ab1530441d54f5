// Every object an episode may own in storage, so that deleting the episode, alone or
// with its account, leaves none of them behind.
import type { EpisodeRow } from '@castwright/core/db/schema';
import { episodeAudioKey } from '@castwright/core/storage/object-storage';

/**
 * The audio under its fixed key even while `audio_key` is unset (a render stores the
 * file before it marks the row ready), `audio_key` itself, and the uploaded original.
 */
export function episodeStorageKeys(episode: Pick<EpisodeRow, 'id' | 'audio_key' | 'source_key'>): string[] {
  const keys = [episodeAudioKey(episode.id), episode.audio_key, episode.source_key];
  return [...new Set(keys.filter((key): key is string => key !== null))];
}
