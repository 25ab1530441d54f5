// Listening: signed audio addresses and the live stream (routes/episode-listen.ts).
import Type from 'typebox';
import { Nullable, Timestamp } from './common.ts';

export const AudioTokenQuery = Type.Object(
  {
    token: Type.Optional(Type.String({
      maxLength: 200,
      description: 'A signed link\'s token (GET /api/episodes/{id}/listen): plays without an Authorization header while it is valid',
    })),
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
});
