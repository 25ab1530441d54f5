// An episode, or a span of it, as a captioned audiogram: H.264 + AAC in an MP4 with its
// index at the front (`faststart`, so players start before the download ends). Two ffmpeg
// runs: the still background once (background-frame.ts), then one encode that loops it,
// lays the level bars over it (level-bars.ts) and burns in the subtitle script (titles,
// chapters, captions; subtitle-script.ts) with libass, from the fonts it is handed.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '@castwright/core/languages';
import type { VideoShape } from '@castwright/core/video/video-shapes';
import { makeBackgroundFrame } from './background-frame.ts';
import { captionCapacity, captionEvents, type CaptionLine } from './caption-events.ts';
import type { CaptionFonts } from './caption-fonts.ts';
import { runVideoFfmpeg } from './ffmpeg-process.ts';
import { levelBarsFilter } from './level-bars.ts';
import { shapedTextPainter } from './shaped-text.ts';
import { subtitleScript } from './subtitle-script.ts';
import { VIDEO_FPS, videoLayout } from './video-layout.ts';

export interface AudiogramRequest {
  /** The episode's audio (any format ffmpeg reads). */
  audioFile: string;
  /** The part of the audio to show, in its own time. */
  span: { startMs: number; endMs: number };
  shape: VideoShape;
  title: string;
  language: Language;
  /** The transcript's lines (all of them; those outside the span are left out), speakers as shown. */
  lines: readonly CaptionLine[];
  chapters: readonly { title: string; startMs: number }[];
  /** An image file, or null for the generated card with the title. */
  artworkFile: string | null;
  /** Picks the generated card's colours. */
  seed: string;
  fonts: CaptionFonts;
  /** false: no captions (the titles stay); tests compare frames with and without them. */
  captions?: boolean;
  /** A folder of this video's own, for the scratch files. */
  workDir: string;
  output: string;
  signal?: AbortSignal | undefined;
  /** Fraction of the encode done, 0 to 1. */
  onProgress?: ((done: number) => void) | undefined;
}

/** H.264 settings: superfast analysis is plenty for flat shapes and text; CRF 23 keeps text edges clean. */
export const VIDEO_ENCODER_ARGS = ['-c:v', 'libx264', '-preset', 'superfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-g', String(VIDEO_FPS * 10)];
export const AUDIO_ENCODER_ARGS = ['-c:a', 'aac', '-b:a', '128k', '-ar', '44100'];

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** Links the caption fonts into `fonts/` of the work folder: libass loads every font there and no other. */
async function fontsFolder(workDir: string, fonts: CaptionFonts): Promise<string> {
  const dir = path.join(workDir, 'fonts');
  await mkdir(dir, { recursive: true });
  for (const file of new Set([fonts.main.file, fonts.latin.file])) await symlink(file, path.join(dir, path.basename(file)));
  return 'fonts';
}

export async function renderAudiogram(request: AudiogramRequest): Promise<void> {
  const layout = videoLayout(request.shape);
  const { workDir, span } = request;
  const lengthMs = span.endMs - span.startMs;
  const capacity = captionCapacity(layout.captions.width, layout.captions.fontSize, layout.captions.maxLines);
  const captions = request.captions === false ? [] : captionEvents(request.lines, span, request.language, capacity);
  const script = subtitleScript(layout, request.fonts, {
    title: request.title, chapters: request.chapters, captions, span, titleOnCard: request.artworkFile === null,
  }, request.fonts.shaped ? await shapedTextPainter([request.fonts.main.file, request.fonts.latin.file], request.language) : undefined);
  await writeFile(path.join(workDir, 'subtitles.ass'), script);
  const fontsDir = await fontsFolder(workDir, request.fonts);
  const background = await makeBackgroundFrame({ workDir, layout, artworkFile: request.artworkFile, seed: request.seed, signal: request.signal });
  const { bars } = layout;
  const graph =
    `[0:v]format=yuv420p,loop=-1:1:0,fps=${VIDEO_FPS}[ground];` +
    `${levelBarsFilter('1:a', 'levels', bars)};` +
    `[levels]scale=${bars.width}:-2[bars];` +
    // The bars stand on the box's bottom edge, however tall they are drawn.
    `[ground][bars]overlay=x=${bars.x}:y=${bars.y + bars.height}-h:format=yuv420:shortest=1,` +
    `ass=subtitles.ass:fontsdir=${fontsDir}[video]`;
  await runVideoFfmpeg({
    workDir,
    signal: request.signal,
    onTime: (ms) => request.onProgress?.(Math.min(1, ms / lengthMs)),
    args: [
      '-i', background,
      '-ss', seconds(span.startMs), '-t', seconds(lengthMs), '-i', path.resolve(request.audioFile),
      '-filter_complex', graph,
      '-map', '[video]', '-map', '1:a',
      ...VIDEO_ENCODER_ARGS, ...AUDIO_ENCODER_ARGS,
      '-t', seconds(lengthMs),
      '-movflags', '+faststart',
      path.resolve(request.output),
    ],
  });
}
