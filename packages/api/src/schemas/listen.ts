// Listening and watching: signed audio and video addresses and the live stream (routes/episode-listen.ts).
import Type from 'typebox';
import { VIDEO_SHAPES } from '@castwright/core/video/video-shapes';
import { Nullable, Timestamp } from './common.ts';

/** A signed link's token, on the routes that serve audio or video. */
export const SignedLinkToken = Type.Optional(Type.String({
  maxLength: 200,
  description: 'A signed link\'s token (GET /api/episodes/{id}/listen): plays without an Authorization header while it is valid',
}));

export const AudioTokenQuery = Type.Object(
  {
    token: SignedLinkToken,
  },
  // Other query parameters (a player's cache-buster) are left alone, as before this one existed.
);

export const ListenReply = Type.Object({
  success: Type.Literal(true),
  audio: Nullable(Type.Object({
    url: Type.String({ description: 'The published file, signed (relative); supports Range requests' }),
    revision: Type.Integer({ minimum: 1, description: 'The revision it plays: once another is published the link answers 404' }),
    expiresAt: Timestamp,
  }, { description: 'Null before the first ready' })),
  live: Nullable(Type.Object({
    url: Type.String({ description: 'The live stream, signed (relative): a progressive MP3 that grows until the episode is ready' }),
    take: Type.Integer({ minimum: 1, description: 'The take it plays: a render that had to start over (another engine) starts another' }),
    durationMs: Type.Integer({ minimum: 0, description: 'How long it plays so far' }),
    expiresAt: Timestamp,
  }, { description: 'Null unless the episode is being made and its first lines can be heard' })),
  videos: Type.Array(Type.Object({
    shape: Type.Enum([...VIDEO_SHAPES]),
    url: Type.String({ description: 'The published revision\'s video in this shape, signed (relative); 202 while it is made (GET /api/episodes/{id}/video), then Range requests' }),
    revision: Type.Integer({ minimum: 1, description: 'The revision it shows: once another is published the link answers 404' }),
    expiresAt: Timestamp,
  }), { description: 'One per shape; empty before the first ready' }),
  clips: Type.Array(Type.Object({
    id: Type.String(),
    url: Type.String({ description: 'The clip\'s video, signed (relative); 202 while it is made' }),
    expiresAt: Timestamp,
  }), { description: 'The episode\'s clips, oldest first, for its owner; empty for anyone else (only the owner may list them)' }),
});
