// The messages of the progress stream (GET /api/episodes/:id/stream).
import Type from 'typebox';

export const StreamMessage = Type.Object({
  status: Type.String(),
  progressPercent: Type.Integer(),
  audioUrl: Type.Optional(Type.String()),
  audioDuration: Type.Optional(Type.Integer()),
  error: Type.Optional(Type.String()),
});
