// Where everything sits in each shape of video: the artwork (or the generated card), the
// title and the current chapter's title under or beside it, the level bars, and the caption
// area at the bottom. One table, read by the still background, the bars' overlay and the
// subtitle styles, and by tests that look for captions where they should be.
import { VIDEO_DIMENSIONS, type VideoShape } from '@castwright/core/video/video-shapes';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface VideoLayout {
  width: number;
  height: number;
  /** The artwork's square (the generated card's, when there is no artwork). */
  artwork: Box;
  /** Where the title's and the chapter's lines start (top edge) and how wide they may run. */
  title: { top: number; left: number; right: number; fontSize: number };
  chapter: { top: number; fontSize: number };
  /** The level bars, standing on the box's bottom edge. */
  bars: Box;
  /** Captions are laid out bottom up inside this box, at most `maxLines` lines of text. */
  captions: Box & { fontSize: number; speakerFontSize: number; maxLines: number };
}

/** Frames per second: the bars move smoothly enough at 15, and every frame costs encoding time on a small machine. */
export const VIDEO_FPS = 15;

const LAYOUTS: Record<VideoShape, Omit<VideoLayout, 'width' | 'height'>> = {
  square: {
    artwork: { x: 330, y: 60, width: 420, height: 420 },
    title: { top: 505, left: 60, right: 60, fontSize: 48 },
    chapter: { top: 572, fontSize: 34 },
    bars: { x: 240, y: 630, width: 600, height: 110 },
    captions: { x: 60, y: 770, width: 960, height: 270, fontSize: 44, speakerFontSize: 32, maxLines: 3 },
  },
  landscape: {
    artwork: { x: 120, y: 190, width: 620, height: 620 },
    title: { top: 190, left: 820, right: 120, fontSize: 58 },
    chapter: { top: 280, fontSize: 40 },
    bars: { x: 820, y: 360, width: 980, height: 150 },
    captions: { x: 820, y: 560, width: 980, height: 330, fontSize: 50, speakerFontSize: 36, maxLines: 4 },
  },
  vertical: {
    artwork: { x: 140, y: 200, width: 800, height: 800 },
    title: { top: 1050, left: 70, right: 70, fontSize: 60 },
    chapter: { top: 1135, fontSize: 42 },
    bars: { x: 190, y: 1210, width: 700, height: 170 },
    captions: { x: 70, y: 1430, width: 940, height: 360, fontSize: 54, speakerFontSize: 38, maxLines: 4 },
  },
};

export function videoLayout(shape: VideoShape): VideoLayout {
  return { ...VIDEO_DIMENSIONS[shape], ...LAYOUTS[shape] };
}
