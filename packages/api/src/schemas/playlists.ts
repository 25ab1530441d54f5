// Request and response shapes of the playlist endpoints and of a playlist's feed switch.
import Type from 'typebox';
import { EPISODE_STATUSES } from '@castwright/core/episode-states';
import { PLAYLIST_LIMITS } from '../playlists/playlist-limits.ts';
import { Nullable, Pagination, Timestamp } from './common.ts';

const Name = Type.String({ minLength: 1, maxLength: PLAYLIST_LIMITS.nameMaxLength, description: 'Trimmed; must not be blank' });
const Description = Type.String({ maxLength: PLAYLIST_LIMITS.descriptionMaxLength });
const EpisodeId = Type.String({ minLength: 1, maxLength: 64 });

export const CreatePlaylistBody = Type.Object({ name: Name, description: Type.Optional(Description) }, { additionalProperties: false });

export const UpdatePlaylistBody = Type.Object(
  { name: Type.Optional(Name), description: Type.Optional(Description) },
  { additionalProperties: false, minProperties: 1, description: 'At least one of name and description' },
);

export const ListPlaylistsQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  offset: Type.Integer({ minimum: 0, default: 0 }),
});

export const PlaylistParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export const PlaylistEpisodeParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }), episodeId: EpisodeId });

export const AddPlaylistEpisodeBody = Type.Object({ episodeId: EpisodeId }, { additionalProperties: false });

export const ReorderPlaylistBody = Type.Object(
  { episodeIds: Type.Array(EpisodeId, { maxItems: PLAYLIST_LIMITS.episodesPerPlaylist, description: "Every one of the playlist's episodes, once each, in the new order" }) },
  { additionalProperties: false },
);

const playlistFields = {
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  episodeCount: Type.Integer({ minimum: 0 }),
  totalDuration: Type.Integer({ minimum: 0, description: "Sum of the members' audioDuration, in seconds (members without audio count 0)" }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
};

const PlaylistSummary = Type.Object(playlistFields);

export const PlaylistReply = Type.Object({ success: Type.Literal(true), playlist: PlaylistSummary });

export const PlaylistList = Type.Object({ success: Type.Literal(true), playlists: Type.Array(PlaylistSummary), pagination: Pagination });

export const PlaylistDetailReply = Type.Object({
  success: Type.Literal(true),
  playlist: Type.Object({
    ...playlistFields,
    episodes: Type.Array(Type.Object({
      id: Type.String(),
      title: Type.String(),
      status: Type.Enum([...EPISODE_STATUSES]),
      audioUrl: Nullable(Type.String()),
      audioDuration: Nullable(Type.Integer()),
      position: Type.Integer({ minimum: 1 }),
    })),
    feed: Type.Object(
      { enabled: Type.Boolean(), createdAt: Nullable(Timestamp) },
      { description: 'Whether the playlist has a private podcast feed, and when its current token was made (the token is shown only by POST …/feed)' },
    ),
  }),
});

export const FeedReply = Type.Object({
  success: Type.Literal(true),
  feedUrl: Type.String({ format: 'uri', description: 'The private RSS address to give a podcast app; it carries the token, so treat it like a password' }),
  createdAt: Timestamp,
  warning: Type.String(),
});
