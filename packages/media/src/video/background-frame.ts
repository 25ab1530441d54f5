// The still picture under everything that moves: the artwork on a blurred, darkened copy of
// itself, or, without artwork, a card of two colours picked from the episode (the title is
// written on it by the subtitles) on a dark ground. Made once per video by ffmpeg as one PNG
// frame, then looped by the encode, so no frame decodes an image again.
import { createHash } from 'node:crypto';
import type { VideoLayout } from './video-layout.ts';
import { runVideoFfmpeg } from './ffmpeg-process.ts';

type Rgb = readonly [number, number, number];

/** Pairs that carry white text: the card runs from the first colour to the second. */
const CARD_COLOURS: readonly (readonly [Rgb, Rgb])[] = [
  [[34, 87, 122], [56, 163, 165]],
  [[106, 76, 147], [25, 130, 196]],
  [[193, 71, 68], [235, 137, 50]],
  [[32, 105, 77], [111, 173, 76]],
  [[84, 56, 128], [199, 74, 120]],
  [[29, 53, 87], [69, 123, 157]],
  [[156, 81, 39], [212, 163, 58]],
  [[52, 73, 94], [127, 140, 141]],
];

function cardColours(seed: string): readonly [Rgb, Rgb] {
  const pick = createHash('sha256').update(seed).digest().readUInt8(0) % CARD_COLOURS.length;
  return CARD_COLOURS[pick] ?? CARD_COLOURS[0]!;
}

/** geq channel expressions for a gradient from `from` to `to` along `t` (an expression from 0 to 1). */
function gradient(from: Rgb, to: Rgb, t: string): string {
  const channel = (index: number) => `${from[index]}+(${(to[index] ?? 0) - (from[index] ?? 0)})*(${t})`;
  return `r='${channel(0)}':g='${channel(1)}':b='${channel(2)}'`;
}

const darker = (colour: Rgb, factor: number): Rgb => [Math.round(colour[0] * factor), Math.round(colour[1] * factor), Math.round(colour[2] * factor)];

export interface BackgroundRequest {
  workDir: string;
  layout: VideoLayout;
  /** An image file (in workDir or absolute), or null for the generated card. */
  artworkFile: string | null;
  /** Picks the card's colours (the episode id). */
  seed: string;
  signal?: AbortSignal | undefined;
}

/** Writes `background.png` into the work folder and returns its name there. */
export async function makeBackgroundFrame(request: BackgroundRequest): Promise<string> {
  const { layout, workDir } = request;
  const { width, height, artwork } = layout;
  const size = artwork.width;
  const output = 'background.png';
  let args: string[];
  if (request.artworkFile) {
    const graph =
      `[0:v]split[back][front];` +
      `[back]scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},boxblur=24:2,eq=brightness=-0.28:saturation=0.7[ground];` +
      `[front]scale=${size}:${size}:force_original_aspect_ratio=increase,crop=${size}:${size}[cover];` +
      `[ground][cover]overlay=${artwork.x}:${artwork.y},format=rgb24[out]`;
    args = ['-i', request.artworkFile, '-filter_complex', graph, '-map', '[out]', '-frames:v', '1', output];
  } else {
    const [from, to] = cardColours(request.seed);
    const graph =
      `color=c=black:s=${width}x${height}:d=1,format=rgb24,geq=${gradient(darker(from, 0.35), darker(to, 0.18), 'Y/H')}[ground];` +
      `color=c=black:s=${size}x${size}:d=1,format=rgb24,geq=${gradient(from, to, '(X+Y)/(W+H)')}[card];` +
      `[ground][card]overlay=${artwork.x}:${artwork.y},format=rgb24[out]`;
    args = ['-filter_complex', graph, '-map', '[out]', '-frames:v', '1', output];
  }
  await runVideoFfmpeg({ workDir, args, signal: request.signal });
  return output;
}
