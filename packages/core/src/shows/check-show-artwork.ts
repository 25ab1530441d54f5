// Checks a show's cover where it arrives (the api), by the rules podcast directories give
// a feed's artwork (Apple Podcasts: a square JPEG or PNG in RGB, 1400 to 3000 pixels on a
// side): the format by its first bytes, the size from its own header before anything is
// decoded (a PNG that claims 60,000 × 60,000 pixels is refused unread), then one ffmpeg
// pass that decodes it, lays any transparency on white and writes the JPEG that is kept
// (RGB, no metadata, so no camera location leaves with it). A refused image is a
// MediaFileError in words; nothing is stored.
import { open } from 'node:fs/promises';
import type { FfmpegBinaries } from '../audio/ffmpeg-binaries.ts';
import { MediaFileError, probeStream, runTool } from '../audio/media-file.ts';
import { SHOW_ARTWORK } from './show-options.ts';

export interface CheckedArtwork {
  format: 'png' | 'jpeg';
  pixels: number;
  /** The cover as kept: a baseline JPEG. */
  jpegFile: string;
}

/** Enough of a JPEG to find its frame header behind the usual metadata segments. */
const HEADER_BYTES = 256 * 1024;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

interface ImageHeader {
  format: 'png' | 'jpeg';
  width: number;
  height: number;
}

/** A JPEG's size from its first frame header (SOF0–SOF15 but DHT, JPG and DAC); undefined when none is in `bytes`. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: ((bytes[at + 5] as number) << 8) | (bytes[at + 6] as number), width: ((bytes[at + 7] as number) << 8) | (bytes[at + 8] as number) };
    }
    at += 2 + length;
  }
  return undefined;
}

function imageHeader(bytes: Uint8Array): ImageHeader | undefined {
  if (PNG_SIGNATURE.every((byte, index) => bytes[index] === byte) && String.fromCharCode(...bytes.subarray(12, 16)) === 'IHDR') {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { format: 'png', width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const size = jpegSize(bytes);
    if (!size) throw new MediaFileError('The JPEG has no frame header near its start');
    return { format: 'jpeg', ...size };
  }
  return undefined;
}

async function readStart(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const start = new Uint8Array(HEADER_BYTES);
    const { bytesRead } = await handle.read(start, 0, start.length, 0);
    return start.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export async function checkShowArtwork(tools: FfmpegBinaries, file: string, jpegFile: string): Promise<CheckedArtwork> {
  const header = imageHeader(await readStart(file));
  if (!header) throw new MediaFileError('The file is not a PNG or JPEG image');
  const { width, height, format } = header;
  const { minPixels, maxPixels } = SHOW_ARTWORK;
  if (width !== height) throw new MediaFileError(`The artwork is ${width} × ${height} pixels; podcast apps need a square image`);
  if (width < minPixels || width > maxPixels) throw new MediaFileError(`The artwork is ${width} × ${height} pixels; it must be ${minPixels} to ${maxPixels} pixels on a side`);
  const probed = await probeStream(tools, file, 'v');
  if (probed.width !== width || probed.height !== height) throw new MediaFileError('The image does not read as its header says');
  await runTool(
    tools.ffmpeg,
    [
      '-hide_banner', '-nostdin', '-v', 'error',
      '-f', 'lavfi', '-i', `color=c=white:s=${width}x${height}`,
      '-i', file,
      '-filter_complex', '[0:v][1:v]overlay=shortest=1,format=yuvj444p',
      '-frames:v', '1', '-map_metadata', '-1', '-c:v', 'mjpeg', '-q:v', '3', '-f', 'image2', '-y', jpegFile,
    ],
    () => {},
    'ffmpeg',
    'an image',
  );
  return { format, pixels: width, jpegFile };
}
