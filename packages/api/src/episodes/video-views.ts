// How an episode's video or clip is shown to clients, and where to fetch and follow it.
import type { EpisodeVideoRow } from '@castwright/core/db/schema';

export interface VideoView {
  id: string;
  episodeId: string;
  kind: EpisodeVideoRow['kind'];
  shape: EpisodeVideoRow['shape'];
  status: EpisodeVideoRow['status'];
  progressPercent: number;
  revision: number;
  startMs: number;
  endMs: number;
  durationMs: number;
  videoUrl: string;
  streamUrl: string;
  bytes: number | null;
  error: string | null;
  createdAt: string;
  madeAt: string | null;
}

/** Where the episode's video in `shape` is read. */
export const episodeVideoPath = (episodeId: string, shape: EpisodeVideoRow['shape']) => `/api/episodes/${episodeId}/video?shape=${shape}`;

/** Where a clip's video is read. */
export const clipVideoPath = (episodeId: string, clipId: string) => `/api/episodes/${episodeId}/clips/${clipId}/video`;

/** The episode's event stream, following its videos and clips too. */
const videoStreamUrl = (episodeId: string) => `/api/episodes/${episodeId}/stream?media=true`;

export function videoView(row: EpisodeVideoRow): VideoView {
  return {
    id: row.id,
    episodeId: row.episode_id,
    kind: row.kind,
    shape: row.shape,
    status: row.status,
    progressPercent: row.progress_percent,
    revision: row.revision,
    startMs: row.start_ms,
    endMs: row.end_ms,
    durationMs: row.end_ms - row.start_ms,
    videoUrl: row.kind === 'video' ? episodeVideoPath(row.episode_id, row.shape) : clipVideoPath(row.episode_id, row.id),
    streamUrl: videoStreamUrl(row.episode_id),
    bytes: row.video_bytes === null ? null : Number(row.video_bytes),
    error: row.status === 'failed' ? row.error_message : null,
    createdAt: row.created_at.toISOString(),
    madeAt: row.made_at?.toISOString() ?? null,
  };
}
