// GET /api/episodes/:id/video?shape=: the whole episode as a captioned audiogram, made by a
// media worker on the first request (202 with Retry-After and the progress so far, which the
// episode's event stream carries as it moves), kept per published revision and shape, then
// served as the episode's audio is: same readers, ranges, validators and caching rules.
// A re-rendered episode gets a new video on the next request; the old one goes once it is made.
import { newId } from '@castwright/core/ids';
import type { Db } from '@castwright/core/db/connect';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { selectEpisodeVideo } from '@castwright/core/repositories/episode-videos';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import type { VideoShape } from '@castwright/core/video/video-shapes';
import type { ConditionalRequest } from '../http/conditional-get.ts';
import { requestVideoMaking, madeVideoAnswer, pendingVideo, publishedAudio, type VideoAnswer } from './stored-video.ts';

/** `episode`: read under its access rules, by credentials or a signed link (playableEpisode in audio-links.ts). */
export async function readEpisodeVideo(
  services: { db: Db; storage: ObjectStorage; queueing: { fair: boolean } },
  episode: EpisodeRow,
  target: { shape: VideoShape },
  request: ConditionalRequest,
): Promise<VideoAnswer> {
  const { db, storage } = services;
  const { revision, durationMs } = publishedAudio(episode);
  const identity = { episodeId: episode.id, kind: 'video' as const, revision, shape: target.shape, startMs: 0, endMs: durationMs };
  const row = await selectEpisodeVideo(db, identity);
  const made = row && (await madeVideoAnswer(storage, episode, row, request));
  if (made) return made;
  const claimed = await db.transaction().execute((trx) =>
    requestVideoMaking(trx, episode, {
      id: newId('video'), episode_id: episode.id, kind: 'video', revision, shape: target.shape, start_ms: 0, end_ms: durationMs,
    }, services.queueing, row?.status === 'ready' ? (row.video_key ?? undefined) : undefined),
  );
  return pendingVideo(claimed);
}
