// What a test reads from an MP4, with the bundled ffprobe and ffmpeg and by walking the
// file's boxes: its streams, its top-level box order (`faststart` puts moov before mdat),
// and single frames as grey pixels, to compare regions of two renders.
import { execFile } from 'node:child_process';
import { open } from 'node:fs/promises';
import { promisify } from 'node:util';
import { resolveFfmpegToolPaths } from '@castwright/media/ffmpeg-tools';

const run = promisify(execFile);

export interface VideoStreams {
  video: { codec: string; width: number; height: number; durationMs: number; frameRate: number };
  audio: { codec: string; durationMs: number };
  formatDurationMs: number;
}

export async function probeVideo(file: string): Promise<VideoStreams> {
  const { stdout } = await run(resolveFfmpegToolPaths().ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  const info = JSON.parse(stdout) as {
    format: { duration: string };
    streams: { codec_type: string; codec_name: string; width?: number; height?: number; duration: string; r_frame_rate: string }[];
  };
  const video = info.streams.find((stream) => stream.codec_type === 'video');
  const audio = info.streams.find((stream) => stream.codec_type === 'audio');
  if (!video || !audio) throw new Error(`${file} lacks a video or an audio stream`);
  const [num, den] = video.r_frame_rate.split('/').map(Number);
  return {
    video: { codec: video.codec_name, width: video.width ?? 0, height: video.height ?? 0, durationMs: Number(video.duration) * 1000, frameRate: (num ?? 0) / (den || 1) },
    audio: { codec: audio.codec_name, durationMs: Number(audio.duration) * 1000 },
    formatDurationMs: Number(info.format.duration) * 1000,
  };
}

/** The file's top-level box types, in order (`ftyp`, `moov`, `mdat`, …). */
export async function topLevelBoxes(file: string): Promise<string[]> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const types: string[] = [];
    let at = 0;
    const header = Buffer.alloc(16);
    while (at + 8 <= size) {
      await handle.read(header, 0, 16, at);
      let boxSize = header.readUInt32BE(0);
      types.push(header.toString('latin1', 4, 8));
      if (boxSize === 1) boxSize = Number(header.readBigUInt64BE(8));
      if (boxSize === 0) break;
      at += boxSize;
    }
    return types;
  } finally {
    await handle.close();
  }
}

/** The frame shown at `ms` as 8-bit grey pixels, row by row. */
export async function greyFrame(file: string, ms: number): Promise<Buffer> {
  const { stdout } = await run(resolveFfmpegToolPaths().ffmpeg, [
    '-v', 'error', '-ss', (ms / 1000).toFixed(3), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1',
  ], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

/** How many pixels of the box differ by more than `threshold` grey levels between two frames of `width`. */
export function differingPixels(a: Buffer, b: Buffer, width: number, box: { x: number; y: number; width: number; height: number }, threshold = 40): number {
  let count = 0;
  for (let y = box.y; y < box.y + box.height; y += 1) {
    for (let x = box.x; x < box.x + box.width; x += 1) {
      const at = y * width + x;
      if (Math.abs((a[at] ?? 0) - (b[at] ?? 0)) > threshold) count += 1;
    }
  }
  return count;
}
