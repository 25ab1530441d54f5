// A part of a mix found by its pitch: the MP3 decoded by the ffmpeg CLI through a narrow
// band-pass (twice, for a steeper skirt) around the tone a test gave the part, and the
// level of what passes in a window of time. Independent of the code under test.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { resolveFfmpegToolPaths } from '@castwright/media/ffmpeg-tools';
import { float32FromBytes } from '@castwright/media/wav';

const run = promisify(execFile);

const BAND_RATE = 16_000;

/** The file's audio around `frequency` (Q 4, twice), mono at BAND_RATE. */
export async function bandAudio(file: string, frequency: number): Promise<Float32Array> {
  const band = `bandpass=f=${frequency}:width_type=q:w=4`;
  const { stdout } = await run(resolveFfmpegToolPaths().ffmpeg, ['-v', 'error', '-i', file, '-ac', '1', '-ar', String(BAND_RATE), '-af', `${band},${band}`, '-f', 'f32le', '-'], {
    encoding: 'buffer',
    maxBuffer: 512 * 1024 * 1024,
  });
  return float32FromBytes(stdout);
}

/** RMS level in dBFS of everything in the windows (ms), taken together. */
export function levelDb(samples: Float32Array, windows: readonly (readonly [number, number])[]): number {
  let sum = 0;
  let count = 0;
  for (const [fromMs, toMs] of windows) {
    const from = Math.max(0, Math.round((fromMs * BAND_RATE) / 1000));
    const to = Math.min(samples.length, Math.round((toMs * BAND_RATE) / 1000));
    for (let at = from; at < to; at++) sum += (samples[at] as number) ** 2;
    count += Math.max(0, to - from);
  }
  return count === 0 ? -Infinity : 10 * Math.log10(sum / count + 1e-20);
}
