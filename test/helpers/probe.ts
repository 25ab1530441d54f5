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
