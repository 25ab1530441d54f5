// What the video endpoints answer (the whole episode's, GET /api/episodes/:id/video, and a
// clip's, GET …/clips/:clipId/video): the stored MP4 with ranges and validators, under the
// episode's audio's access and caching rules; or "being made, ask again" with the progress so
// far; or, for a making that failed, a 409 with its reason. A made file's key is random per
// file, so it names that MP4 exactly and serves as its entity tag.
import type { Trx } from '@castwright/core/db/connect';
import type { EpisodeRow, EpisodeVideoRow, NewEpisodeVideo } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { addJob } from '@castwright/core/jobs';
import { upsertEpisodeVideoClaim } from '@castwright/core/repositories/episode-videos';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import type { ConditionalRequest, HttpAnswer } from '../http/conditional-get.ts';
import { storedFileAnswer } from '../http/stored-file.ts';
import { audioCacheControl } from './episode-audio.ts';
import { videoView, type VideoView } from './video-views.ts';

/** Seconds a client waits between asks while a video is made. */
const VIDEO_RETRY_AFTER_SECONDS = 5;
/** A making whose row has not moved for this long lost its job: the next request queues it again. */
const VIDEO_STALE_MS = 10 * 60_000;
/** A failed making is tried again by a request once the failure is a minute old. */
const VIDEO_RETRY_FAILED_MS = 60_000;

export type VideoAnswer = { kind: 'file'; answer: HttpAnswer<200 | 206 | 304> } | { kind: 'pending'; retryAfter: number; video: VideoView };

/** The made file as an answer, or null when the row has none or storage lost it. */
export async function madeVideoAnswer(storage: ObjectStorage, episode: EpisodeRow, row: EpisodeVideoRow, request: ConditionalRequest): Promise<VideoAnswer | null> {
  if (row.status !== 'ready' || !row.video_key || !row.made_at) return null;
  const info = await storage.stat(row.video_key);
  if (!info) return null;
  const tag = row.video_key.split('/').pop()?.replace(/\.mp4$/, '') ?? row.id;
  const fileName = row.kind === 'video' ? `${episode.id}-${row.shape}.mp4` : `${row.id}.mp4`;
  const answer = await storedFileAnswer(storage, {
    key: row.video_key, size: info.size, contentType: 'video/mp4', validators: { etag: `"${tag}"`, lastModified: row.made_at }, cacheControl: audioCacheControl(episode, 'api'), fileName,
  }, request);
  return { kind: 'file', answer };
}

/**
 * Claims the making of `row` in the caller's transaction and queues the media worker's job
 * with it (job key per row, so concurrent requests queue one); the row as it now stands.
 * `queueing.fair`: the api's FAIR_SCHEDULING (core/jobs.ts).
 */
export async function requestVideoMaking(trx: Trx, episode: EpisodeRow, row: NewEpisodeVideo, queueing: { fair: boolean }, lostKey?: string): Promise<EpisodeVideoRow> {
  const claim = await upsertEpisodeVideoClaim(trx, row, { staleAfterMs: VIDEO_STALE_MS, retryFailedAfterMs: VIDEO_RETRY_FAILED_MS, lostKey });
  // A video takes minutes of a media worker: it waits its account's turn like a render.
  if (claim.claimed) await addJob(trx, 'episode:video', { videoId: claim.row.id }, { account: episode.user_id, jobKey: `episode:video:${claim.row.id}`, fair: queueing.fair });
  return claim.row;
}

/** A row still being made as a 202's content; a failed one as its 409. */
export function pendingVideo(row: EpisodeVideoRow): VideoAnswer {
  if (row.status === 'failed') {
    throw new AppError('conflict', `The ${row.kind} could not be made: ${row.error_message ?? 'unknown error'}. Ask again in a minute to try once more`);
  }
  return { kind: 'pending', retryAfter: VIDEO_RETRY_AFTER_SECONDS, video: videoView(row) };
}

/** The episode's published revision and its length, or a 409 while it has none. */
export function publishedAudio(episode: EpisodeRow): { revision: number; durationMs: number } {
  if (!episode.audio_key || episode.published_revision === null || !episode.audio_duration_ms) {
    throw new AppError('conflict', `Video is made from the episode's audio, once it is ready (it is ${episode.status})`);
  }
  return { revision: episode.published_revision, durationMs: episode.audio_duration_ms };
}
