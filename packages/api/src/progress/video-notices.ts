// The steps of making an episode's videos and clips, handed from the process's one listening
// connection (progress-hub.ts, the `video_progress` channel) to the event streams following
// that episode. After the connection was lost and came back, every follower is told to read
// the rows again, since steps sent meanwhile are gone.
import type { Logger } from '@castwright/core/logger';
import { parseVideoProgress, type VideoProgress } from '@castwright/core/video/video-progress';
import type { ChannelListener } from './progress-hub.ts';

export interface VideoFollower {
  onStep(step: VideoProgress): void;
  onReconnect(): void;
}

export class VideoNotices implements ChannelListener {
  readonly #followers = new Map<string, Set<VideoFollower>>();
  readonly #logger: Logger;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  onNotification(payload: string): void {
    let step: VideoProgress;
    try {
      step = parseVideoProgress(payload);
    } catch (error) {
      this.#logger.warn({ err: error, payload }, 'ignoring malformed video progress notification');
      return;
    }
    for (const follower of this.#followers.get(step.episodeId) ?? []) follower.onStep(step);
  }

  onReconnect(): void {
    for (const set of this.#followers.values()) for (const follower of set) follower.onReconnect();
  }

  /** Start following before reading the rows, so no step is missed. */
  follow(episodeId: string, follower: VideoFollower): () => void {
    let set = this.#followers.get(episodeId);
    if (!set) this.#followers.set(episodeId, (set = new Set()));
    set.add(follower);
    return () => {
      set.delete(follower);
      if (set.size === 0) this.#followers.delete(episodeId);
    };
  }
}
