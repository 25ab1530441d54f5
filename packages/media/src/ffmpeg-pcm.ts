// Raw PCM in and out of ffmpeg over pipes, for the few places that need the samples
// themselves rather than a file: metering a file the renderer did not make, and
// measuring what the MP3 encoder does to a signal. fluent-ffmpeg is built around files
// and text output, so these run the configured binary directly.
//
// Samples travel as little-endian 32-bit floats (`f32le`), the byte layout of a float
// WAV's data (wav.ts converts).

import { spawn } from 'node:child_process';
import { abortReason } from './synthesis-abort.ts';
import { FfmpegError, ffmpegToolPaths } from './ffmpeg-tools.ts';
import { float32FromBytes } from './wav.ts';

/** ffmpeg's input arguments for mono float PCM arriving on stdin. */
export function pcmInputArgs(sampleRate: number): string[] {
  return ['-f', 'f32le', '-ar', String(sampleRate), '-ac', '1', '-i', 'pipe:0'];
}

/**
 * Runs ffmpeg with `args` (which must read `pipe:0` when `stdin` is given and write
 * `pipe:1`), feeding it `stdin` and handing each chunk of its output to `onOutput`.
 */
export function runFfmpegPipe(args: readonly string[], options: { stdin?: Uint8Array; signal?: AbortSignal }, onOutput: (chunk: Buffer) => void): Promise<void> {
  const { stdin, signal } = options;
  signal?.throwIfAborted();
  return new Promise<void>((resolve, reject) => {
    const child = spawn(ffmpegToolPaths().ffmpeg, ['-hide_banner', '-nostats', '-loglevel', 'error', ...args], {
      stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    const onAbort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    // Both streams exist: stdio asks for pipes (the types cannot see that).
    child.stdout?.on('data', onOutput);
    child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      stderr = (stderr + text).slice(-2000);
    });
    // A write to a process that already failed reports EPIPE; the exit code says why it failed.
    child.stdin?.on('error', () => {});
    child.stdin?.end(stdin);
    child.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(new FfmpegError(`ffmpeg could not be started: ${error.message}`, { cause: error }));
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) reject(abortReason(signal));
      else if (code === 0) resolve();
      else reject(new FfmpegError(`ffmpeg exited with code ${code}${stderr ? `\n${stderr.trim()}` : ''}`));
    });
  });
}

/** Collects ffmpeg's whole output (small results only: an encoded probe signal, a short decode). */
export async function ffmpegOutput(args: readonly string[], options: { stdin?: Uint8Array; signal?: AbortSignal } = {}): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await runFfmpegPipe(args, options, (chunk) => chunks.push(chunk));
  return Buffer.concat(chunks);
}

/**
 * Decodes any file ffmpeg reads to mono float samples at `sampleRate`, handing them
 * over chunk by chunk (so a long file never sits in memory whole).
 */
export async function decodePcm(file: string, options: { sampleRate: number; signal?: AbortSignal }, onSamples: (samples: Float32Array) => void): Promise<void> {
  let carry: Buffer = Buffer.alloc(0);
  const args = ['-i', file, '-vn', '-ac', '1', '-ar', String(options.sampleRate), '-f', 'f32le', 'pipe:1'];
  await runFfmpegPipe(args, { signal: options.signal }, (chunk) => {
    // Pipe chunks split samples anywhere: keep the odd bytes for the next chunk.
    const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    const usable = bytes.length & ~3;
    carry = Buffer.from(bytes.subarray(usable));
    if (usable > 0) onSamples(float32FromBytes(bytes.subarray(0, usable)));
  });
}
