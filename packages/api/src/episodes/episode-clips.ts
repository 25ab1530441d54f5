// An episode's clips: passages of up to 90 s, snapped to whole transcript lines
// (core/video/clip-bounds.ts), each made once per revision, shape and span by a media
// worker, listed and deleted by the episode's owner (another account's episode is a 404),
// and served like the episode's audio (clip-video answers). Each tier keeps a bounded
// number of clips an episode (core/tiers.ts), counted under the episode's row lock.
import type { Db } from '@castwright/core/db/connect';
import type { EpisodeRow, UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { newId } from '@castwright/core/ids';
import type { ServiceLogger } from '@castwright/core/logger';
import { countEpisodeClips, deleteEpisodeVideo, selectEpisodeClip, selectEpisodeClips, selectEpisodeVideo } from '@castwright/core/repositories/episode-videos';
import { lockOwnEpisode, selectOwnEpisode, selectTranscript } from '@castwright/core/repositories/episodes';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import { TIER_LIMITS } from '@castwright/core/tiers';
import { snapClipBounds } from '@castwright/core/video/clip-bounds';
import type { VideoShape } from '@castwright/core/video/video-shapes';
import type { ConditionalRequest } from '../http/conditional-get.ts';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';
import { notFound, ownedOr404 } from '../owned-or-404.ts';
import { requestVideoMaking, madeVideoAnswer, pendingVideo, publishedAudio, type VideoAnswer } from './stored-video.ts';
import { videoView, type VideoView } from './video-views.ts';

export interface ClipInput {
  startMs: number;
  endMs: number;
  shape: VideoShape;
}

export async function createClip(db: Db, user: UserRow, episodeId: string, input: ClipInput, answer: AnswerRecorder<VideoView>, queueing: { fair: boolean }): Promise<VideoView> {
  return db.transaction().execute(async (trx) => {
    const episode = await ownedOr404('episode', lockOwnEpisode(trx, user.id, episodeId));
    const { revision, durationMs } = publishedAudio(episode);
    const lines = await selectTranscript(trx, episode.id);
    const bounds = snapClipBounds(input, lines.map((line) => ({ startMs: line.start_ms, endMs: line.end_ms })), durationMs);
    const identity = { episodeId: episode.id, kind: 'clip' as const, revision, shape: input.shape, ...bounds };
    // The same passage asked for again is the same clip, and takes no more room.
    if (!(await selectEpisodeVideo(trx, identity))) {
      const limit = TIER_LIMITS[user.tier].clipsPerEpisode;
      if ((await countEpisodeClips(trx, episode.id)) >= limit) {
        throw new AppError('limitReached', `An episode keeps at most ${limit} clips on the ${user.tier} tier; delete one to make another`);
      }
    }
    const row = await requestVideoMaking(trx, episode, {
      id: newId('clip'), episode_id: episode.id, kind: 'clip', revision, shape: input.shape, start_ms: bounds.startMs, end_ms: bounds.endMs,
    }, queueing);
    const view = videoView(row);
    await answer.record(trx, view);
    return view;
  });
}

export async function listClips(db: Db, user: UserRow, episodeId: string): Promise<{ clips: VideoView[]; limit: number }> {
  const episode = await ownedOr404('episode', selectOwnEpisode(db, user.id, episodeId));
  return { clips: (await selectEpisodeClips(db, episode.id)).map(videoView), limit: TIER_LIMITS[user.tier].clipsPerEpisode };
}

export async function readClip(db: Db, user: UserRow, episodeId: string, clipId: string): Promise<VideoView> {
  const episode = await ownedOr404('episode', selectOwnEpisode(db, user.id, episodeId));
  return videoView(await ownedOr404('clip', selectEpisodeClip(db, episode.id, clipId)));
}

/** The row, then its file (a storage failure leaves an orphan file, never a clip without its video). */
export async function removeClip(services: { db: Db; storage: ObjectStorage; logger: ServiceLogger }, user: UserRow, episodeId: string, clipId: string): Promise<void> {
  const { db, storage, logger } = services;
  const episode = await ownedOr404('episode', selectOwnEpisode(db, user.id, episodeId));
  const clip = await ownedOr404('clip', selectEpisodeClip(db, episode.id, clipId));
  const { deleted, videoKey } = await db.transaction().execute((trx) => deleteEpisodeVideo(trx, clip.id));
  if (!deleted) throw notFound('clip');
  if (videoKey) await storage.delete(videoKey).catch((error: unknown) => logger.warn({ err: error, clipId, key: videoKey }, 'could not delete a deleted clip\'s video'));
}

/** The clip's MP4 for whoever may hear the episode (`episode`, read under its access rules: playableEpisode in audio-links.ts); 202 while it is made. */
export async function readClipVideo(services: { db: Db; storage: ObjectStorage; queueing: { fair: boolean } }, episode: EpisodeRow, target: { clipId: string }, request: ConditionalRequest): Promise<VideoAnswer> {
  const { db, storage } = services;
  const clip = await ownedOr404('clip', selectEpisodeClip(db, episode.id, target.clipId));
  const made = await madeVideoAnswer(storage, episode, clip, request);
  if (made) return made;
  if (clip.status === 'ready' && clip.video_key) {
    // Storage lost the file: make it again.
    const lost = clip.video_key;
    return pendingVideo(await db.transaction().execute((trx) => requestVideoMaking(trx, episode, {
      id: clip.id, episode_id: episode.id, kind: 'clip', revision: clip.revision, shape: clip.shape, start_ms: clip.start_ms, end_ms: clip.end_ms,
    }, services.queueing, lost)));
  }
  return pendingVideo(clip);
}
