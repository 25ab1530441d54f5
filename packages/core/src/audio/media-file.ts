// What every check of an uploaded media file (a custom voice's clip, a show's audio part,
// a show's cover) shares: its first bytes, ffprobe and ffmpeg run with a time limit and
// their refusals in words, and a meter for the float samples ffmpeg decodes. Nothing here
// trusts a file's name: the container is what its bytes say.
import { spawn } from 'node:child_process';
import { open } from 'node:fs/promises';
import type { FfmpegBinaries } from './ffmpeg-binaries.ts';

/** Why an uploaded file is refused; the message is the client's 400. */
export class MediaFileError extends Error {
  override name = 'MediaFileError';
}

export type AudioContainer = 'wav' | 'mp3' | 'flac';

/** ffprobe's format names of each container. */
export const AUDIO_FORMAT_NAMES: Record<AudioContainer, string> = { wav: 'wav', mp3: 'mp3', flac: 'flac' };

const RUN_LIMIT_MS = 20_000;

/** The audio container a file's first bytes say it is, or undefined. */
export function audioContainer(head: Uint8Array): AudioContainer | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if ((ascii(0, 4) === 'RIFF' || ascii(0, 4) === 'RF64') && ascii(8, 12) === 'WAVE') return 'wav';
  if (ascii(0, 4) === 'fLaC') return 'flac';
  if (ascii(0, 3) === 'ID3') return 'mp3';
  // An MPEG audio frame header: 11 sync bits, then a layer that is not "reserved".
  const [first = 0, second = 0] = head;
  if (first === 0xff && (second & 0xe0) === 0xe0 && (second & 0x06) !== 0) return 'mp3';
  return undefined;
}

export async function readHead(file: string, bytes = 32): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const head = new Uint8Array(bytes);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1)?.replace(/^\[[^\]]*\]\s*/, '').trim() ?? '';
}

/** Runs ffmpeg or ffprobe with a time limit; a failure to read the file is a MediaFileError in words. Resolves with stderr. */
export function runTool(binary: string, args: string[], onStdout: (chunk: Buffer) => void, what: string, reads: 'audio' | 'an image' = 'audio'): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_LIMIT_MS);
    child.stdout.on('data', onStdout);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 4000) stderr += chunk;
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${what} could not run: ${error.message}`, { cause: error }));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stderr);
      else if (signal) reject(new MediaFileError(`The file could not be read as ${reads} in time (${what} was stopped)`));
      else reject(new MediaFileError(`The file could not be decoded as ${reads}: ${lastLine(stderr) || `${what} exited with ${code}`}`));
    });
  });
}

export interface ProbedStream {
  formatName: string;
  codec: string;
  durationSeconds: number;
  sampleRate: number;
  channels: number;
  width: number;
  height: number;
  pixelFormat: string;
  /** Streams of this kind in the file. */
  count: number;
}

/** The file's container and its first audio (`a`) or video (`v`) stream, as ffprobe reads them. */
export async function probeStream(tools: FfmpegBinaries, file: string, kind: 'a' | 'v'): Promise<ProbedStream> {
  const chunks: Buffer[] = [];
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '-select_streams', kind, file];
  await runTool(tools.ffprobe, args, (chunk) => chunks.push(chunk), 'ffprobe', kind === 'a' ? 'audio' : 'an image');
  const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
    format?: { format_name?: string; duration?: string };
    streams?: { codec_name?: string; sample_rate?: string; channels?: number; duration?: string; width?: number; height?: number; pix_fmt?: string }[];
  };
  const stream = json.streams?.[0];
  if (!stream) throw new MediaFileError(kind === 'a' ? 'The file has no audio in it' : 'The file has no image in it');
  return {
    formatName: json.format?.format_name ?? '',
    codec: stream.codec_name ?? '',
    durationSeconds: Number(json.format?.duration ?? stream.duration),
    sampleRate: Number(stream.sample_rate),
    channels: Number(stream.channels),
    width: Number(stream.width),
    height: Number(stream.height),
    pixelFormat: stream.pix_fmt ?? '',
    count: json.streams?.length ?? 0,
  };
}

/** Measures little-endian float samples as they stream past (ffmpeg's `f32le` output, chunked anywhere). */
export class SampleMeter {
  samples = 0;
  private sumSquares = 0;
  atFullScale = 0;
  private carry: Buffer = Buffer.alloc(0);
  private readonly fullScale: number;

  constructor(fullScale = 0.999) {
    this.fullScale = fullScale;
  }

  readonly measure = (chunk: Buffer): void => {
    const bytes = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 4);
    for (let offset = 0; offset < whole; offset += 4) {
      const value = bytes.readFloatLE(offset);
      this.sumSquares += value * value;
      if (Math.abs(value) >= this.fullScale) this.atFullScale += 1;
    }
    this.samples += whole / 4;
    this.carry = bytes.subarray(whole);
  };

  /** Loudness over everything measured, in dBFS (RMS); -Infinity for digital silence. */
  rmsDbfs(): number {
    const rms = Math.sqrt(this.sumSquares / Math.max(1, this.samples));
    return rms > 0 ? 20 * Math.log10(rms) : -Infinity;
  }
}

export function formatDbfs(dbfs: number): string {
  return Number.isFinite(dbfs) ? dbfs.toFixed(0) : '-∞';
}
