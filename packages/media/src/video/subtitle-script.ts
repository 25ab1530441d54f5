// Everything written on a video, as one ASS subtitle script that libass burns in: the title
// (under the artwork, or on the generated card), the current chapter's title, and the
// captions, each with its speaker's name above the line. Times are relative to the video's
// start; styles take their sizes and places from the shape's layout.
import type { CaptionEvent } from './caption-events.ts';
import type { CaptionFonts } from './caption-fonts.ts';
import type { VideoLayout } from './video-layout.ts';

export interface VideoText {
  title: string;
  /** The episode's chapters, at their times in the episode. */
  chapters: readonly { title: string; startMs: number }[];
  /** Already timed from the span's start (caption-events.ts). */
  captions: readonly CaptionEvent[];
  /** The part of the episode the video shows. */
  span: { startMs: number; endMs: number };
  /** No artwork: the title is written large on the generated card instead of under it. */
  titleOnCard: boolean;
}

/**
 * Turns a piece of text into what an event shows, set at `fontSize` in lines at most
 * `maxWidth` px wide: plain text that libass wraps, unless the script needs shaping first
 * (shaped-text.ts).
 */
export type TextPainter = (text: string, fontSize: number, maxWidth: number) => string;

/**
 * Text as libass shows it, never as override tags: braces open tag blocks and a backslash
 * starts an escape, so braces become parentheses and a word joiner follows each backslash.
 */
function escapeAssText(text: string): string {
  return text.replace(/\s+/g, ' ').replaceAll('{', '(').replaceAll('}', ')').replaceAll('\\', '\\\u2060');
}

/** `h:mm:ss.cc`, the centiseconds ASS counts in. */
function assTime(ms: number): string {
  const cs = Math.max(0, Math.round(ms / 10));
  const hours = Math.floor(cs / 360_000);
  const minutes = Math.floor((cs % 360_000) / 6000);
  const seconds = Math.floor((cs % 6000) / 100);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${hours}:${pad(minutes)}:${pad(seconds)}.${pad(cs % 100)}`;
}

const WHITE = '&H00FFFFFF';
const OUTLINE = '&H00101010';
const SHADOW = '&H80000000';
/** ASS colours are &HAABBGGRR in styles and &HBBGGRR& in override tags: a warm amber for speakers and chapters. */
const AMBER = '&H0070D0FF';
const AMBER_TAG = '&H70D0FF&';

const STYLE_FORMAT = 'Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding';

function style(name: string, font: string, size: number, colour: string, outline: number, alignment: number, margins: [number, number, number]): string {
  return `Style: ${name},${font},${size},${colour},${colour},${OUTLINE},${SHADOW},-1,0,0,0,100,100,0,0,1,${outline},1,${alignment},${margins.join(',')},1`;
}

function dialogue(startMs: number, endMs: number, styleName: string, text: string, margins: [number, number, number] = [0, 0, 0]): string {
  return `Dialogue: 0,${assTime(startMs)},${assTime(endMs)},${styleName},,${margins.join(',')},,${text}`;
}

/** The chapter on screen over each part of the span (chapters before the span's start reach into it). */
function chapterEvents(chapters: VideoText['chapters'], span: VideoText['span']): { title: string; startMs: number; endMs: number }[] {
  const sorted = [...chapters].sort((a, b) => a.startMs - b.startMs);
  return sorted.flatMap((chapter, index) => {
    const next = sorted[index + 1]?.startMs ?? Infinity;
    const startMs = Math.max(chapter.startMs, span.startMs);
    const endMs = Math.min(next, span.endMs);
    return endMs > startMs ? [{ title: chapter.title, startMs: startMs - span.startMs, endMs: endMs - span.startMs }] : [];
  });
}

export function subtitleScript(layout: VideoLayout, fonts: CaptionFonts, text: VideoText, paint: TextPainter = (value) => escapeAssText(value)): string {
  const { title, chapter, captions, artwork } = layout;
  const font = fonts.main.family;
  const lengthMs = text.span.endMs - text.span.startMs;
  const captionMargins: [number, number, number] = [captions.x, layout.width - captions.x - captions.width, layout.height - captions.y - captions.height];
  const columnWidth = layout.width - title.left - title.right;
  const cardSize = Math.round(artwork.width / 9);
  const cardPad = Math.round(artwork.width / 10);
  const cardMargins: [number, number, number] = [artwork.x + cardPad, layout.width - artwork.x - artwork.width + cardPad, 0];
  const lines = [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${layout.width}`,
    `PlayResY: ${layout.height}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    `Format: ${STYLE_FORMAT}`,
    style('Title', font, title.fontSize, WHITE, 2, 8, [title.left, title.right, title.top]),
    style('Chapter', font, chapter.fontSize, AMBER, 2, 8, [title.left, title.right, chapter.top]),
    style('Card', font, cardSize, WHITE, 3, 5, cardMargins),
    style('Caption', font, captions.fontSize, WHITE, 3, 2, captionMargins),
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
  ];
  if (text.titleOnCard) {
    const center = `{\\pos(${artwork.x + artwork.width / 2},${artwork.y + artwork.height / 2})}`;
    lines.push(dialogue(0, lengthMs, 'Card', center + paint(text.title, cardSize, artwork.width - 2 * cardPad), cardMargins));
  } else {
    lines.push(dialogue(0, lengthMs, 'Title', paint(text.title, title.fontSize, columnWidth), [title.left, title.right, title.top]));
  }
  for (const event of chapterEvents(text.chapters, text.span)) {
    // Without the title under the artwork, the chapter takes its line.
    const top = text.titleOnCard ? title.top : chapter.top;
    lines.push(dialogue(event.startMs, event.endMs, 'Chapter', paint(event.title, chapter.fontSize, columnWidth), [title.left, title.right, top]));
  }
  for (const event of text.captions) {
    const speaker = `{\\fs${captions.speakerFontSize}\\c${AMBER_TAG}}${paint(event.speaker, captions.speakerFontSize, captions.width)}{\\r}\\N`;
    lines.push(dialogue(event.startMs, event.endMs, 'Caption', speaker + paint(event.text, captions.fontSize, captions.width), captionMargins));
  }
  return `${lines.join('\n')}\n`;
}
