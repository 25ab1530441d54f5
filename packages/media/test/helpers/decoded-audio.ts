// Checks on a finished MP3 made independently of the code under test: ffmpeg's CLI
// decodes it, and each line is found in the decoded audio by cross-correlating it with
// the clip that was put there.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { resolveFfmpegToolPaths } from '@castwright/media/ffmpeg-tools';
import { float32FromBytes } from '@castwright/media/wav';

const run = promisify(execFile);

/** The MP3 decoded by the ffmpeg CLI to mono float samples at `rate`. */
export async function decodeMp3(file: string, rate: number): Promise<Float32Array> {
  const { stdout } = await run(resolveFfmpegToolPaths().ffmpeg, ['-v', 'error', '-i', file, '-ac', '1', '-ar', String(rate), '-f', 'f32le', '-'], {
    encoding: 'buffer',
    maxBuffer: 512 * 1024 * 1024,
  });
  return float32FromBytes(stdout);
}

/**
 * How many samples later than `expectedStart` the clip actually begins in `decoded`
 * (same rate as the clip): the lag of best normalised cross-correlation within
 * ±`searchSamples`, over the clip's first second.
 */
export function onsetLag(decoded: Float32Array, clip: Float32Array, expectedStart: number, searchSamples: number): number {
  const length = Math.min(clip.length, 16_000);
  let bestScore = -Infinity;
  let bestLag = 0;
  for (let lag = -searchSamples; lag <= searchSamples; lag++) {
    let dot = 0;
    let energy = 0;
    for (let k = 0; k < length; k++) {
      const sample = decoded[expectedStart + lag + k] ?? 0;
      dot += sample * (clip[k] as number);
      energy += sample * sample;
    }
    const score = dot / Math.sqrt(energy + 1e-12);
    if (score > bestScore) {
      bestScore = score;
      bestLag = lag;
    }
  }
  return bestLag;
}

/** Largest absolute sample and largest jump between neighbours in `samples[from, to)`. */
export function levels(samples: Float32Array, from: number, to: number): { peak: number; jump: number } {
  let peak = 0;
  let jump = 0;
  for (let i = Math.max(1, from); i < Math.min(samples.length, to); i++) {
    peak = Math.max(peak, Math.abs(samples[i] as number));
    jump = Math.max(jump, Math.abs((samples[i] as number) - (samples[i - 1] as number)));
  }
  return { peak, jump };
}

export const dbfs = (linear: number) => 20 * Math.log10(linear);
