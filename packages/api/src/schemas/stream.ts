// The messages of the progress stream (GET /api/episodes/:id/stream).
import Type from 'typebox';

export const StreamMessage = Type.Object({
  status: Type.String(),
  progressPercent: Type.Integer(),
  audioUrl: Type.Optional(Type.String()),
  audioDuration: Type.Optional(Type.Integer()),
  error: Type.Optional(Type.String()),
});

export const StreamQuery = Type.Object({
  media: Type.Optional(Type.Boolean({ default: false, description: 'Also follow the making of the episode\'s videos and clips (`event: video` messages)' })),
}, { additionalProperties: false });
