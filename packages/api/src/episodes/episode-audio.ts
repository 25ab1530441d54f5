// An episode's MP3 as an HTTP answer: the whole file, or one byte range (206) for
// players that seek, streamed from storage under the episode's own access rules.
import type { Readable } from 'node:stream';
import parseRange from 'range-parser';
import type { EpisodeRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';

export interface AudioAnswer {
  status: 200 | 206;
  headers: Record<string, string | number>;
  body: Readable;
}

export async function openEpisodeAudio(storage: ObjectStorage, episode: EpisodeRow, rangeHeader: string | undefined): Promise<AudioAnswer> {
  const info = episode.status === 'ready' && episode.audio_key ? await storage.stat(episode.audio_key) : null;
  if (!episode.audio_key || !info) throw new AppError('notFound', 'The audio of this episode is not available yet');
  const headers: Record<string, string | number> = {
    'Accept-Ranges': 'bytes',
    'Content-Type': info.contentType,
    'Cache-Control': episode.is_public ? 'public, max-age=3600' : 'private, max-age=3600',
    'Content-Disposition': `inline; filename="${episode.id}.mp3"`,
  };
  const ranges = rangeHeader ? parseRange(info.size, rangeHeader, { combine: true }) : undefined;
  if (ranges === -1) {
    throw new AppError('rangeNotSatisfiable', undefined, { headers: { 'Content-Range': `bytes */${info.size}` } });
  }
  // A malformed Range header (-2) is ignored, as HTTP says: the whole file is sent.
  if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length > 0) {
    const { start, end } = ranges[0] as { start: number; end: number };
    return {
      status: 206,
      headers: { ...headers, 'Content-Range': `bytes ${start}-${end}/${info.size}`, 'Content-Length': end - start + 1 },
      body: await storage.read(episode.audio_key, { start, end }),
    };
  }
  return { status: 200, headers: { ...headers, 'Content-Length': info.size }, body: await storage.read(episode.audio_key) };
}
