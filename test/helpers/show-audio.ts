// A show's parts and covers for tests, made by ffmpeg (no music ships with Castwright):
// tones that stand for an intro, outro, bed or sting, at pitches a test can find again
// in a mix, and the ways an upload can be hostile.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import { resolveFfmpegBinaries } from '@castwright/core/audio/ffmpeg-binaries';

const run = promisify(execFile);
const ffmpeg = () => resolveFfmpegBinaries().ffmpeg;

export interface ToneOptions {
  seconds: number;
  /** The tone's pitch in Hz: a test finds the part in a mix by it. */
  frequency: number;
  sampleRate?: number;
  format?: 'wav' | 'mp3' | 'flac';
  /** Two channels, as music usually comes. */
  stereo?: boolean;
}

/** A steady tone standing for music, written to `dir` by ffmpeg; its bytes. */
export async function toneFile(dir: string, options: ToneOptions): Promise<Buffer> {
  const { seconds, frequency, sampleRate = 44_100, format = 'wav', stereo = false } = options;
  const file = path.join(dir, `tone-${frequency}-${seconds}-${sampleRate}-${stereo ? 2 : 1}.${format}`);
  const codec = format === 'mp3' ? ['-c:a', 'libmp3lame', '-b:a', '128k'] : format === 'flac' ? ['-c:a', 'flac'] : ['-c:a', 'pcm_s16le'];
  await run(ffmpeg(), [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:sample_rate=${sampleRate}`, '-t', String(seconds),
    '-af', `volume=0.5${stereo ? ',pan=stereo|c0=c0|c1=c0' : ''}`, ...codec, file,
  ]);
  return readFile(file);
}

/** Ten hours of digital silence as FLAC (small on disk: silence compresses to almost nothing). */
export async function tenHourSilence(dir: string): Promise<Buffer> {
  const file = path.join(dir, 'ten-hours.flac');
  await run(ffmpeg(), ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '36000', '-c:a', 'flac', file]);
  return readFile(file);
}

/**
 * A decompression bomb: a FLAC whose header says it holds 2 seconds, while its frames
 * (a tone, then silence that compresses to nearly nothing) decode to two hours.
 */
export async function lyingFlac(dir: string): Promise<Buffer> {
  const file = path.join(dir, 'bomb.flac');
  await run(ffmpeg(), [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=16000:duration=2', '-f', 'lavfi', '-t', '7200', '-i', 'anullsrc=r=16000:cl=mono',
    '-filter_complex', '[0:a][1:a]concat=n=2:v=0:a=1', '-c:a', 'flac', file,
  ]);
  const bytes = await readFile(file);
  // STREAMINFO starts at byte 8; its total sample count is the low 36 bits of the 64 at byte 18.
  const packed = bytes.readBigUInt64BE(18);
  bytes.writeBigUInt64BE((packed & ~((1n << 36n) - 1n)) | 32_000n, 18);
  bytes.fill(0, 26, 42); // its MD5: unknown
  return bytes;
}

/** A solid square (or not) image by ffmpeg: `png` or `jpeg`, with alpha when asked. */
export async function imageFile(dir: string, width: number, height: number, format: 'png' | 'jpeg' = 'png', alpha = false): Promise<Buffer> {
  const file = path.join(dir, `image-${width}x${height}${alpha ? '-alpha' : ''}.${format === 'png' ? 'png' : 'jpg'}`);
  await run(ffmpeg(), [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=0x3366cc${alpha ? '80' : ''}:s=${width}x${height}`, '-frames:v', '1',
    ...(format === 'png' ? ['-pix_fmt', alpha ? 'rgba' : 'rgb24'] : ['-q:v', '4']), file,
  ]);
  return readFile(file);
}

/** A PNG that claims 60,000 × 60,000 pixels (10.8 GB decoded) over a few bytes of data. */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(1024))), chunk('IEND', Buffer.alloc(0))]);
}
