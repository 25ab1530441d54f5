// Voice clips for custom-voice tests, made by ffmpeg: a good one (a voiced tone whose
// level moves like speech) and the ways a clip can be wrong.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { resolveFfmpegBinaries } from '@castwright/core/audio/ffmpeg-binaries';

const run = promisify(execFile);

export interface ClipOptions {
  seconds: number;
  sampleRate?: number;
  format?: 'wav' | 'mp3' | 'flac';
  /** 'speech': a tone at a speaking level that rises and falls; 'silence'; 'clipped': driven far past full scale. */
  kind?: 'speech' | 'silence' | 'clipped';
}

/** A clip's bytes, written to `dir` by ffmpeg. */
export async function voiceClip(dir: string, options: ClipOptions): Promise<Buffer> {
  const { seconds, sampleRate = 24_000, format = 'wav', kind = 'speech' } = options;
  const file = path.join(dir, `clip-${kind}-${seconds}-${sampleRate}.${format}`);
  const source = kind === 'silence' ? `anullsrc=r=${sampleRate}:cl=mono` : `sine=frequency=180:sample_rate=${sampleRate}`;
  const filter = kind === 'clipped' ? 'volume=30' : kind === 'speech' ? 'volume=2,tremolo=f=4:d=0.8' : 'anull';
  const codec = format === 'mp3' ? ['-c:a', 'libmp3lame'] : format === 'flac' ? ['-c:a', 'flac'] : ['-c:a', 'pcm_s16le'];
  await run(resolveFfmpegBinaries().ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', source, '-t', String(seconds), '-af', filter, ...codec, file]);
  return readFile(file);
}
