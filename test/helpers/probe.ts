// ffprobe of a media file, with the same bundled ffprobe the media worker uses.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { resolveFfmpegToolPaths } from '@castwright/media/ffmpeg-tools';

const run = promisify(execFile);

export async function probeFile(file: string): Promise<{ durationSeconds: number; codec: string; tags: Record<string, string> }> {
  const { stdout } = await run(resolveFfmpegToolPaths().ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  const info = JSON.parse(stdout) as { format: { duration: string; tags?: Record<string, string> }; streams: { codec_name: string }[] };
  return { durationSeconds: Number(info.format.duration), codec: info.streams[0]?.codec_name ?? '', tags: info.format.tags ?? {} };
}

export interface ProbedChapter {
  startMs: number;
  endMs: number;
  title: string;
}

/** The chapters ffprobe reads from a file (`-show_chapters`), in milliseconds. */
export async function probeChapters(file: string): Promise<ProbedChapter[]> {
  const { stdout } = await run(resolveFfmpegToolPaths().ffprobe, ['-v', 'error', '-print_format', 'json', '-show_chapters', file]);
  const { chapters } = JSON.parse(stdout) as { chapters: { start_time: string; end_time: string; tags?: { title?: string } }[] };
  return chapters.map((chapter) => ({
    startMs: Math.round(Number(chapter.start_time) * 1000),
    endMs: Math.round(Number(chapter.end_time) * 1000),
    title: chapter.tags?.title ?? '',
  }));
}
