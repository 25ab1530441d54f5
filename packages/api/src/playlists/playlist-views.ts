// How playlist rows look in API responses.
import type { PlaylistFeedRow, PlaylistRow } from '@castwright/core/db/schema';
import type { PlaylistMember } from '@castwright/core/repositories/playlist-episodes';
import type { PlaylistSummaryRow } from '@castwright/core/repositories/playlists';
import { audioSecondsOf, audioUrlOf } from '../episodes/episode-views.ts';

function playlistFields(playlist: PlaylistRow) {
  return {
    id: playlist.id,
    name: playlist.name,
    description: playlist.description,
    createdAt: playlist.created_at.toISOString(),
    updatedAt: playlist.updated_at.toISOString(),
  };
}

/** A playlist in lists and after create or update: its fields with the member count and total length. */
export function playlistSummary(playlist: PlaylistSummaryRow) {
  return { ...playlistFields(playlist), episodeCount: playlist.episode_count, totalDuration: playlist.total_duration };
}

/** The single view: members in order, totals, and whether a private feed exists (never its token). */
export function playlistDetail(playlist: PlaylistRow, members: readonly PlaylistMember[], feed: PlaylistFeedRow | undefined) {
  const episodes = members.map((member) => ({
    id: member.id,
    title: member.title,
    status: member.status,
    audioUrl: audioUrlOf(member),
    audioDuration: audioSecondsOf(member),
    position: member.position,
  }));
  return {
    ...playlistFields(playlist),
    episodeCount: episodes.length,
    totalDuration: episodes.reduce((sum, episode) => sum + (episode.audioDuration ?? 0), 0),
    episodes,
    feed: { enabled: feed !== undefined, createdAt: feed ? feed.created_at.toISOString() : null },
  };
}
