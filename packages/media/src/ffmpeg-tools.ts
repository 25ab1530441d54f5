// The small wrappers every media step uses to run ffmpeg and ffprobe, over the binaries
// core resolves (core/audio/ffmpeg-binaries.ts: explicit option, FFMPEG_PATH /
// FFPROBE_PATH, then the static builds from @ffmpeg-installer / @ffprobe-installer).

import ffmpeg from 'fluent-ffmpeg';
import type { FfmpegCommand, FfprobeData } from 'fluent-ffmpeg';
import { resolveFfmpegBinaries, type FfmpegBinaries } from '@castwright/core/audio/ffmpeg-binaries';

export type FfmpegToolPaths = FfmpegBinaries;

export class FfmpegError extends Error {
  override name = 'FfmpegError';
}

/** Resolves both binaries without touching any global state. */
export function resolveFfmpegToolPaths(explicit: Partial<FfmpegToolPaths> = {}, env: NodeJS.ProcessEnv = process.env): FfmpegToolPaths {
  try {
    return resolveFfmpegBinaries(explicit, env);
  } catch (error) {
    throw new FfmpegError((error as Error).message, { cause: error });
  }
}

let configured: FfmpegToolPaths | undefined;

/**
 * Resolves the binaries and points fluent-ffmpeg's global defaults at them (so any
 * code using fluent-ffmpeg directly gets the same build). Call at start-up to apply
 * configured paths; otherwise the first command configures from env/installers.
 */
export function configureFfmpegTools(explicit: Partial<FfmpegToolPaths> = {}): FfmpegToolPaths {
  const paths = resolveFfmpegToolPaths(explicit);
  ffmpeg.setFfmpegPath(paths.ffmpeg);
  ffmpeg.setFfprobePath(paths.ffprobe);
  configured = paths;
  return paths;
}

export function ffmpegToolPaths(): FfmpegToolPaths {
  return configured ?? configureFfmpegTools();
}

/** A fluent-ffmpeg command bound to the configured binaries. */
export function ffmpegCommand(input?: string): FfmpegCommand {
  const paths = ffmpegToolPaths();
  const command = input === undefined ? ffmpeg() : ffmpeg(input);
  return command.setFfmpegPath(paths.ffmpeg).setFfprobePath(paths.ffprobe);
}

/**
 * Runs a prepared command to completion and resolves with its stderr lines (where
 * ffmpeg prints filter reports such as loudnorm's JSON). Aborting kills ffmpeg.
 */
export function runFfmpeg(command: FfmpegCommand, signal?: AbortSignal): Promise<string[]> {
  signal?.throwIfAborted();
  return new Promise<string[]>((resolve, reject) => {
    const stderr: string[] = [];
    const onAbort = () => command.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    command
      .on('stderr', (line: string) => {
        stderr.push(line);
      })
      .on('end', () => {
        done();
        resolve(stderr);
      })
      .on('error', (error: Error) => {
        done();
        if (signal?.aborted) {
          reject(signal.reason instanceof Error ? signal.reason : new DOMException('ffmpeg was aborted', 'AbortError'));
          return;
        }
        // fluent-ffmpeg's message has only the exit code; the useful part is at the end of stderr.
        const tail = stderr.slice(-8).join('\n');
        reject(new FfmpegError(`${error.message}${tail ? `\n${tail}` : ''}`, { cause: error }));
      })
      .run();
  });
}

export interface AudioProbe {
  durationMs: number;
  codec: string | undefined;
  sampleRate: number | undefined;
  channels: number | undefined;
  bitRate: number | undefined;
  /** Container tags with lower-cased keys (`title`, `artist`, …). */
  tags: Record<string, string>;
}

function ffprobe(file: string): Promise<FfprobeData> {
  return new Promise<FfprobeData>((resolve, reject) => {
    ffmpegCommand(file).ffprobe((error: unknown, data: FfprobeData) => {
      if (error) reject(new FfmpegError(`ffprobe failed for ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error }));
      else resolve(data);
    });
  });
}

/** Reads the first audio stream's format, the duration and the tags of a media file. */
export async function probeAudio(file: string): Promise<AudioProbe> {
  const data = await ffprobe(file);
  const stream = data.streams.find((candidate) => candidate.codec_type === 'audio');
  if (!stream) throw new FfmpegError(`${file} has no audio stream`);
  const seconds = Number(data.format.duration ?? stream.duration);
  if (!Number.isFinite(seconds)) throw new FfmpegError(`ffprobe reports no duration for ${file}`);
  const tags: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...stream.tags, ...data.format.tags })) tags[key.toLowerCase()] = String(value);
  const numberOrUndefined = (value: unknown) => (value === undefined || value === 'N/A' || !Number.isFinite(Number(value)) ? undefined : Number(value));
  return {
    durationMs: Math.round(seconds * 1000),
    codec: stream.codec_name,
    sampleRate: numberOrUndefined(stream.sample_rate),
    channels: numberOrUndefined(stream.channels),
    bitRate: numberOrUndefined(data.format.bit_rate ?? stream.bit_rate),
    tags,
  };
}

/** Duration of a media file in milliseconds, as ffprobe reports it. */
export async function probeDurationMs(file: string): Promise<number> {
  return (await probeAudio(file)).durationMs;
}
