// Where a video's artwork comes from: the one seam for it. Episodes carry no artwork of
// their own yet, so every video gets the generated card with its title (media/video/
// background-frame.ts). Shows with their own artwork (and episodes with theirs) plug in
// here: fetch the image into `workDir` and return its path; null means the card.
import type { EpisodeRow } from '@castwright/core/db/schema';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';

export type ArtworkSource = (episode: EpisodeRow, workDir: string) => Promise<string | null>;

export function episodeArtwork(_storage: ObjectStorage): ArtworkSource {
  return async () => null;
}
