// An episode's live stream as an HTTP answer: a progressive MP3 (no length, chunked) made of
// its live take's published segments, sent as they are published, ending after the take's
// last segment, or where the take stops (abandoned for another, or the episode failed).
// Every segment is whole MP3 frames that play on from the one before, so any player that
// plays an MP3 over HTTP plays the stream from its start while it grows (Chromium's
// <audio>, ffplay, VLC, podcast apps). A listener waits through a media worker's death:
// the stream holds its connection until another worker publishes the next segment.
import { Readable } from 'node:stream';
import type { Db } from '@castwright/core/db/connect';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';
import { selectLiveSegments, selectLiveTake } from '@castwright/core/repositories/live-takes';
import type { ServiceLogger } from '@castwright/core/logger';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import type { HttpAnswer } from '../http/conditional-get.ts';
import type { ProgressHub } from '../progress/progress-hub.ts';

export interface LiveStreamServices {
  db: Db;
  storage: ObjectStorage;
  progressHub: ProgressHub;
  logger: ServiceLogger;
}

/** The longest a stream waits for news before it looks again (a NOTIFY can be lost with the connection that carried it). */
const RECHECK_MS = 2000;

/** The stream of take `take` (the episode's current one, unless a signed link names it). */
export async function openLiveStream(services: LiveStreamServices, episode: EpisodeRow, take: number | null, head: boolean): Promise<HttpAnswer<200>> {
  if (take === null || episode.live_take !== take || episode.status !== 'generating_audio') {
    throw new AppError('notFound', episode.status === 'ready' ? 'The episode is ready: its audio is at audioUrl' : 'Nothing of this episode can be heard yet');
  }
  const headers = { 'Content-Type': 'audio/mpeg', 'Cache-Control': 'no-store', 'Accept-Ranges': 'none', 'Content-Disposition': `inline; filename="${episode.id}-live.mp3"` };
  return { status: 200, headers, body: head ? undefined : Readable.from(segmentsOf(services, episode.id, take)) };
}

async function* segmentsOf(services: LiveStreamServices, episodeId: string, take: number): AsyncGenerator<Uint8Array> {
  let wake: (() => void) | undefined;
  let news = false;
  const unsubscribe = services.progressHub.subscribe(episodeId, {
    onEvent: () => {
      news = true;
      wake?.();
    },
  });
  try {
    let seq = 0;
    for (;;) {
      news = false;
      const [row, segments] = [await selectLiveTake(services.db, episodeId, take), await selectLiveSegments(services.db, episodeId, take, seq)];
      for (const segment of segments) {
        for await (const part of await services.storage.read(segment.object_key)) yield part as Uint8Array;
        seq = segment.seq + 1;
      }
      if (segments.length > 0) continue;
      // Nothing new: the take is over when it is complete, replaced, or its episode stopped.
      if (!row || row.complete || row.abandoned) return;
      const episode = await selectEpisodeById(services.db, episodeId);
      if (!episode || episode.status === 'error' || episode.live_take !== take) return;
      if (news) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, RECHECK_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  } finally {
    unsubscribe();
  }
}
