// Playlists, their ordered members, and each playlist's private podcast feed.
import type { Selectable } from 'kysely';
import type { Defaulted, Timestamp } from '../column-types.ts';

export interface PlaylistsTable {
  id: string;
  user_id: string;
  name: string;
  description: Defaulted<string>;
  created_at: Timestamp;
  /** Also moved by database triggers whenever members are added, removed or reordered. */
  updated_at: Timestamp;
}

export interface PlaylistEpisodesTable {
  playlist_id: string;
  episode_id: string;
  /** The playlist's owner, who must also own the episode (a composite foreign key). */
  user_id: string;
  /** 1..n without gaps; a trigger closes the gap whenever a member is removed. */
  position: number;
  added_at: Timestamp;
}

export interface PlaylistFeedsTable {
  playlist_id: string;
  /** SHA-256 of the feed token; the token itself is only ever in the feed URL. */
  token_hash: string;
  created_at: Timestamp;
}

export type PlaylistRow = Selectable<PlaylistsTable>;
export type PlaylistFeedRow = Selectable<PlaylistFeedsTable>;
