// Shapes of the video endpoints: an episode's video and its clips.
import Type from 'typebox';
import { MAX_CLIP_MS, VIDEO_KINDS, VIDEO_SHAPES, VIDEO_STATUSES } from '@castwright/core/video/video-shapes';
import { Nullable, Timestamp } from './common.ts';
import { SignedLinkToken } from './listen.ts';

const Shape = Type.Enum([...VIDEO_SHAPES], {
  description: '`square` 1080×1080, `landscape` 1920×1080, `vertical` 1080×1920',
});

export const VideoQuery = Type.Object({ shape: Type.Optional(Type.With(Shape, { default: 'square' })), token: SignedLinkToken }, { additionalProperties: false });

export const ClipParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  clipId: Type.String({ minLength: 1, maxLength: 64 }),
});

const Millisecond = (description: string) => Type.Integer({ minimum: 0, maximum: 24 * 60 * 60 * 1000, description });

export const CreateClipBody = Type.Object({
  startMs: Millisecond('Where the passage begins in the episode; moved to the start of the nearest transcript line'),
  endMs: Millisecond(`Where it ends; moved to the end of the nearest line after the start. At most ${MAX_CLIP_MS / 1000} s after startMs, and not past the end of the episode`),
  shape: Type.Optional(Type.With(Shape, { default: 'square' })),
}, { additionalProperties: false });

const VideoView = Type.Object({
  id: Type.String(),
  episodeId: Type.String(),
  kind: Type.Enum([...VIDEO_KINDS], { description: '`video`: the whole episode; `clip`: a passage of it' }),
  shape: Shape,
  status: Type.Enum([...VIDEO_STATUSES], { description: '`queued` and `rendering` while a media worker makes it, then `ready`, or `failed` with `error`' }),
  progressPercent: Type.Integer({ minimum: 0, maximum: 100 }),
  revision: Type.Integer({ description: 'The published revision of the episode it is made from' }),
  startMs: Type.Integer({ description: 'Where it begins in the episode (snapped to a line for a clip)' }),
  endMs: Type.Integer(),
  durationMs: Type.Integer(),
  videoUrl: Type.String({ description: 'Where the MP4 is fetched (202 while it is made)' }),
  streamUrl: Type.String({ description: 'The episode\'s event stream, carrying this making\'s progress' }),
  bytes: Nullable(Type.Integer({ description: 'The MP4\'s size once made' })),
  error: Nullable(Type.String({ description: 'Why the making failed' })),
  createdAt: Timestamp,
  madeAt: Nullable(Timestamp),
});

export const VideoPending = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  retryAfter: Type.Integer({ description: 'Seconds to wait before asking again (also the Retry-After header)' }),
  video: VideoView,
});

export const ClipReply = Type.Object({ success: Type.Literal(true), clip: VideoView });

export const ClipList = Type.Object({
  success: Type.Literal(true),
  clips: Type.Array(VideoView, { description: 'Oldest first' }),
  limit: Type.Integer({ description: 'How many clips an episode may keep on your tier' }),
});

export function binaryVideo(description: string): object {
  return { description, content: { 'video/mp4': { schema: { type: 'string', format: 'binary' } } } };
}
