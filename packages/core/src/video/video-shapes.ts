// What an episode's video can be: the three shapes the platforms take (square for feeds,
// landscape for YouTube, vertical for stories and shorts), the bound on a clip, and the
// states of the making. One list for the api's schemas, the repositories and the renderer.

export const VIDEO_SHAPES = ['square', 'landscape', 'vertical'] as const;
export type VideoShape = (typeof VIDEO_SHAPES)[number];

export const VIDEO_DIMENSIONS: Record<VideoShape, { width: number; height: number }> = {
  square: { width: 1080, height: 1080 },
  landscape: { width: 1920, height: 1080 },
  vertical: { width: 1080, height: 1920 },
};

/** The whole episode, or a passage of it to share. */
export const VIDEO_KINDS = ['video', 'clip'] as const;
export type VideoKind = (typeof VIDEO_KINDS)[number];

export const VIDEO_STATUSES = ['queued', 'rendering', 'ready', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/** The longest clip: a minute and a half, what the short-video platforms take. */
export const MAX_CLIP_MS = 90_000;

