// The messages of the progress stream (GET /api/episodes/:id/stream).
import Type from 'typebox';

export const StreamMessage = Type.Object({
  status: Type.String(),
  progressPercent: Type.Integer(),
  note: Type.Optional(Type.Union([Type.String(), Type.Null()], {
    description: 'What processing is waiting on while its progress stands still (as `progressNote`); null once the wait is over. Sent only when it changes.',
  })),
  audioUrl: Type.Optional(Type.String()),
  audioDuration: Type.Optional(Type.Integer()),
  previewUrl: Type.Optional(Type.String({ description: 'While generating_audio, once its first lines can be heard: the live stream (see GET /api/episodes/{id}/live)' })),
  previewDurationMs: Type.Optional(Type.Integer({ description: 'How long the live stream plays so far (ms), with previewUrl' })),
  error: Type.Optional(Type.String()),
});

export const StreamQuery = Type.Object({
  media: Type.Optional(Type.Boolean({ default: false, description: 'Also follow the making of the episode\'s videos and clips (`event: video` messages)' })),
}, { additionalProperties: false });
