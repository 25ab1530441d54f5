// The NOTIFY a media worker sends at every step of making a video or clip, so the api's
// event streams that follow the episode can pass it on (GET /api/episodes/:id/stream
// ?media=true). The payload is the step itself, a few ids and numbers: well under
// NOTIFY's limit. Streams read the rows when they start and after a lost connection.
import { sql } from 'kysely';
import Type, { type Static } from 'typebox';
import type { Executor } from '../db/connect.ts';
import { compileChecker } from '../validation.ts';
import { VIDEO_KINDS, VIDEO_SHAPES, VIDEO_STATUSES } from './video-shapes.ts';

export const VIDEO_PROGRESS_CHANNEL = 'video_progress';

export const VideoProgressSchema = Type.Object({
  episodeId: Type.String(),
  videoId: Type.String(),
  kind: Type.Enum([...VIDEO_KINDS]),
  shape: Type.Enum([...VIDEO_SHAPES]),
  status: Type.Enum([...VIDEO_STATUSES]),
  progressPercent: Type.Integer({ minimum: 0, maximum: 100 }),
});
export type VideoProgress = Static<typeof VideoProgressSchema>;

export async function notifyVideoProgress(executor: Executor, step: VideoProgress): Promise<void> {
  await sql`SELECT pg_notify(${VIDEO_PROGRESS_CHANNEL}, ${JSON.stringify(step)})`.execute(executor);
}

const checkVideoProgress = compileChecker(VideoProgressSchema, 'video progress');

export function parseVideoProgress(payload: string): VideoProgress {
  return checkVideoProgress(JSON.parse(payload));
}
