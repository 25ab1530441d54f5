// Deleting episodes' rows and their stored files, in that order: a storage failure can
// then leave at worst an orphan file (logged), never a row whose audio is gone. Used
// by deleting one episode and by deleting a whole account. An episode's voiced lines
// (its segment store), its live stream's segments, its videos and clips, and the files uploaded
// with it go with it, a prefix each.
import type { ServiceLogger } from '@castwright/core/logger';
import type { EpisodeFiles } from '@castwright/core/repositories/episodes';
import { episodeAudioKey, episodeLivePrefix, episodeSegmentPrefix, episodeVideoPrefix, legacyEpisodeAudioKey, uploadPrefix, type ObjectStorage } from '@castwright/core/storage/object-storage';

/**
 * Every object an episode may own: the audio of every render attempt (an attempt stores
 * its file before it may mark the row ready, so `audio_key` alone is not enough), the
 * key earlier releases used, `audio_key` itself, and the uploaded original.
 */
function episodeStorageKeys(episode: EpisodeFiles): string[] {
  const attempts = Array.from({ length: episode.render_attempt }, (_, index) => episodeAudioKey(episode.id, index + 1));
  const keys = [...attempts, legacyEpisodeAudioKey(episode.id), episode.audio_key, episode.source_key];
  return [...new Set(keys.filter((key): key is string => key !== null))];
}

export async function removeRowsThenFiles(
  services: { storage: ObjectStorage; logger: ServiceLogger },
  episodes: readonly EpisodeFiles[],
  deleteRows: () => Promise<unknown>,
): Promise<void> {
  await deleteRows();
  for (const episode of episodes) {
    for (const key of episodeStorageKeys(episode)) {
      await services.storage.delete(key).catch((error: unknown) => {
        services.logger.warn({ err: error, episodeId: episode.id, key }, 'could not delete a stored file of a deleted episode');
      });
    }
    for (const [prefix, what] of [[episodeSegmentPrefix(episode.id), 'voiced lines'], [episodeLivePrefix(episode.id), 'live stream'], [episodeVideoPrefix(episode.id), 'videos and clips'], [uploadPrefix(episode.id), 'uploaded files']] as const) {
      await services.storage.deletePrefix(prefix).catch((error: unknown) => {
        services.logger.warn({ err: error, episodeId: episode.id, prefix }, `could not delete the ${what} of a deleted episode`);
      });
    }
  }
}
