// The messages of the progress stream (GET /api/episodes/:id/stream).
import Type from 'typebox';

export const StreamMessage = Type.Object({
  status: Type.String(),
  progressPercent: Type.Integer(),
  audioUrl: Type.Optional(Type.String()),
  audioDuration: Type.Optional(Type.Integer()),
  previewUrl: Type.Optional(Type.String({ description: 'While generating_audio, once its first lines can be heard: the live stream (see GET /api/episodes/{id}/live)' })),
  previewDurationMs: Type.Optional(Type.Integer({ description: 'How long the live stream plays so far (ms), with previewUrl' })),
  error: Type.Optional(Type.String()),
});
