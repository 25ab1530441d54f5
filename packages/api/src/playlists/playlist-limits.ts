// The bounds of playlists (the spec's field bounds plus the per-account limits it
// leaves open), used by the schemas and the services alike.
export const PLAYLIST_LIMITS = {
  nameMaxLength: 100,
  descriptionMaxLength: 500,
  /** Playlists one account may hold. */
  playlistsPerAccount: 200,
  /** Episodes one playlist may hold (also bounds one reorder request and one feed). */
  episodesPerPlaylist: 500,
} as const;
