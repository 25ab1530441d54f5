// An episode as captioned video: the whole episode in one shape, or a clip (migration 0023).
import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { VideoKind, VideoShape, VideoStatus } from '../../video/video-shapes.ts';
import type { Defaulted, NullableTimestamp, Timestamp } from '../column-types.ts';

export interface EpisodeVideosTable {
  id: string;
  episode_id: string;
  kind: VideoKind;
  /** The published revision whose audio and transcript it shows. */
  revision: number;
  shape: VideoShape;
  start_ms: number;
  end_ms: number;
  status: Defaulted<VideoStatus>;
  progress_percent: Defaulted<number>;
  /** Set once the MP4 is stored (and only then: the status is `ready`). */
  video_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** bigint: pg hands it back as a string. */
  video_bytes: ColumnType<string | null, number | null | undefined, number | null>;
  error_message: ColumnType<string | null, string | null | undefined, string | null>;
  requested_at: Timestamp;
  updated_at: Timestamp;
  made_at: NullableTimestamp;
  created_at: Timestamp;
}

export type EpisodeVideoRow = Selectable<EpisodeVideosTable>;
export type NewEpisodeVideo = Insertable<EpisodeVideosTable>;
