// The cover of an episode: its show's uploaded artwork, when it is in a show that has one
// (for anything that shows an episode with a picture: a video, a feed, a player).
import type { Executor } from '../db/connect.ts';
import type { EpisodeRow } from '../db/schema.ts';
import { selectShowById } from '../repositories/shows.ts';

export interface EpisodeArtwork {
  /** The stored JPEG (ObjectStorage key). */
  key: string;
  contentType: 'image/jpeg';
  /** SHA-256 of its bytes: what anything made from it can be keyed by. */
  sha256: string;
  showId: string;
}

/** Undefined for an episode in no show, or in a show without an uploaded cover. */
export async function episodeArtwork(db: Executor, episode: Pick<EpisodeRow, 'show_id'>): Promise<EpisodeArtwork | undefined> {
  if (!episode.show_id) return undefined;
  const show = await selectShowById(db, episode.show_id);
  if (!show?.artwork_key || !show.artwork_sha256) return undefined;
  return { key: show.artwork_key, contentType: 'image/jpeg', sha256: show.artwork_sha256, showId: show.id };
}
