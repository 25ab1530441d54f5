// Following the making of an episode's videos and clips on its event stream (`?media=true`):
// each step as an `event: video` message {id, kind, shape, status, progressPercent}. It
// follows first, then reads which are being made, and is done once none is (those made or
// failed end with their last step); a step of a making that starts meanwhile is followed too.
import type { Db } from '@castwright/core/db/connect';
import type { ServiceLogger } from '@castwright/core/logger';
import { selectEpisodeVideoById, selectVideosInMaking } from '@castwright/core/repositories/episode-videos';
import type { VideoProgress } from '@castwright/core/video/video-progress';
import { KEEP_ALIVE, namedEventMessage } from './event-message.ts';
import type { ProgressSink } from './follow-episode.ts';
import type { VideoNotices } from './video-notices.ts';

const KEEP_ALIVE_MS = 15_000;

type Step = Omit<VideoProgress, 'episodeId'>;

const messageOf = (step: Step) =>
  namedEventMessage('video', JSON.stringify({ id: step.videoId, kind: step.kind, shape: step.shape, status: step.status, progressPercent: step.progressPercent }));

/** Resolves once the current makings are sent; `sink.end()` is called when none is left. */
export async function followVideos(services: { db: Db; videoNotices: VideoNotices; logger: ServiceLogger }, episodeId: string, sink: ProgressSink): Promise<void> {
  const last = new Map<string, Step>();
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    stop();
    clearInterval(keepAlive);
    sink.end();
  };
  const send = (step: Step) => {
    if (finished) return;
    const before = last.get(step.videoId);
    if (before && before.status === step.status && before.progressPercent >= step.progressPercent) return;
    last.set(step.videoId, step);
    sink.send(messageOf(step));
    if ([...last.values()].every((each) => each.status === 'ready' || each.status === 'failed')) finish();
  };
  const readRows = async () => {
    const rows = await selectVideosInMaking(services.db, episodeId);
    // Those followed that finished unseen (while the listening connection was down), as they ended.
    for (const [id, step] of last) {
      if (step.status === 'ready' || step.status === 'failed' || rows.some((row) => row.id === id)) continue;
      const row = await selectEpisodeVideoById(services.db, id);
      if (row) rows.push(row);
      else send({ ...step, status: 'failed', progressPercent: step.progressPercent });
    }
    for (const row of rows) send({ videoId: row.id, kind: row.kind, shape: row.shape, status: row.status, progressPercent: row.progress_percent });
    // Nothing is being made (any more): nothing to follow.
    if (rows.length === 0 && [...last.values()].every((each) => each.status === 'ready' || each.status === 'failed')) finish();
  };
  const stop = services.videoNotices.follow(episodeId, {
    onStep: send,
    onReconnect: () => {
      readRows().catch((error: unknown) => services.logger.warn({ err: error, episodeId }, 'video stream re-read failed'));
    },
  });
  const keepAlive = setInterval(() => {
    if (!finished) sink.send(KEEP_ALIVE);
  }, KEEP_ALIVE_MS);
  sink.onClose(finish);
  await readRows();
}
