// Text that libass cannot shape, drawn as outlines instead. The bundled ffmpeg's libass has
// no HarfBuzz, so it sets Devanagari letter by letter: vowel signs land after the consonant
// they precede and conjuncts never form ("दिलचस्प" comes out "दलिचस्प"). For such a script the
// text is shaped here by HarfBuzz (harfbuzzjs, the project's own WebAssembly build), wrapped
// into lines at spaces, centred, and written into the subtitle script as one ASS vector
// drawing of the glyphs' outlines; libass fills, outlines and colours it like text. Each
// grapheme is shaped with the first font that has all its characters (a Latin name in a
// Hindi line takes the Latin font).
import { readFile } from 'node:fs/promises';
import * as hb from 'harfbuzzjs';
import type { TextPainter } from './subtitle-script.ts';

interface ShapingFont {
  font: hb.Font;
  /** Units from the top of a line to the baseline, and from the baseline to the bottom (positive). */
  ascender: number;
  descender: number;
}

interface PlacedGlyph {
  font: ShapingFont;
  glyph: number;
  /** Pen position in font units of the run's font, from the word's start. */
  x: number;
  y: number;
  /** Font units to pixels, for this glyph's font. */
  scale: number;
}

interface Word {
  glyphs: PlacedGlyph[];
  width: number;
}

const opened = new Map<string, Promise<ShapingFont>>();

/** Opens a font file (the first face of a collection) for shaping, once per process. */
function openFont(file: string): Promise<ShapingFont> {
  let font = opened.get(file);
  if (!font) {
    font = readFile(file).then((data) => {
      const face = new hb.Face(new hb.Blob(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)), 0);
      const shaping = new hb.Font(face);
      const extents = shaping.hExtents();
      return { font: shaping, ascender: extents.ascender, descender: -extents.descender };
    });
    opened.set(file, font);
  }
  return font;
}

/** ASS \p3 coordinates: quarter pixels, so outlines keep their curves at caption sizes. */
const PRECISION = 4;
const coordinate = (value: number) => String(Math.round(value * PRECISION));

function outline(placed: PlacedGlyph, left: number, baseline: number): string {
  const { font, glyph, scale } = placed;
  const at = (x: number, y: number) => [left + (placed.x + x) * scale, baseline - (placed.y + y) * scale] as const;
  const parts: string[] = [];
  let current: readonly [number, number] = [0, 0];
  for (const command of font.font.glyphToJson(glyph)) {
    const v = command.values;
    switch (command.type) {
      case 'M':
        current = at(v[0] ?? 0, v[1] ?? 0);
        parts.push(`m ${coordinate(current[0])} ${coordinate(current[1])}`);
        break;
      case 'L':
        current = at(v[0] ?? 0, v[1] ?? 0);
        parts.push(`l ${coordinate(current[0])} ${coordinate(current[1])}`);
        break;
      case 'Q': {
        // A quadratic curve as the cubic ASS draws: control points two thirds of the way to the quadratic's.
        const control = at(v[0] ?? 0, v[1] ?? 0);
        const end = at(v[2] ?? 0, v[3] ?? 0);
        const c1 = [current[0] + (2 / 3) * (control[0] - current[0]), current[1] + (2 / 3) * (control[1] - current[1])];
        const c2 = [end[0] + (2 / 3) * (control[0] - end[0]), end[1] + (2 / 3) * (control[1] - end[1])];
        parts.push(`b ${[...c1, ...c2, ...end].map(coordinate).join(' ')}`);
        current = end;
        break;
      }
      case 'C': {
        const c1 = at(v[0] ?? 0, v[1] ?? 0);
        const c2 = at(v[2] ?? 0, v[3] ?? 0);
        const end = at(v[4] ?? 0, v[5] ?? 0);
        parts.push(`b ${[...c1, ...c2, ...end].map(coordinate).join(' ')}`);
        current = end;
        break;
      }
      default:
        // Z: ASS closes every shape by itself at the next m.
        break;
    }
  }
  return parts.join(' ');
}

/** A painter that shapes with `files` (the script's font first, then the fallbacks). */
export async function shapedTextPainter(files: readonly string[], language: string): Promise<TextPainter> {
  const fonts = await Promise.all(files.map(openFont));
  const main = fonts[0];
  if (!main) throw new Error('shapedTextPainter needs at least one font');
  const lineUnits = main.ascender + main.descender;
  const graphemes = new Intl.Segmenter(language, { granularity: 'grapheme' });
  const fontFor = (grapheme: string) =>
    fonts.find((candidate) => [...grapheme].every((character) => candidate.font.glyph(character.codePointAt(0) ?? 0) !== undefined)) ?? main;

  /** A word shaped run by run (a run: graphemes that take the same font), in pixels at `size`. */
  const shapeWord = (word: string, size: number): Word => {
    const runs: { font: ShapingFont; text: string }[] = [];
    for (const { segment } of graphemes.segment(word)) {
      const font = fontFor(segment);
      const last = runs.at(-1);
      if (last?.font === font) last.text += segment;
      else runs.push({ font, text: segment });
    }
    const glyphs: PlacedGlyph[] = [];
    let width = 0;
    for (const run of runs) {
      // Every font is scaled so that its line height matches the main font's at this size.
      const scale = size / (run.font.ascender + run.font.descender);
      const buffer = new hb.Buffer();
      buffer.addText(run.text);
      buffer.guessSegmentProperties();
      hb.shape(run.font.font, buffer);
      let pen = 0;
      for (const glyph of buffer.getGlyphInfosAndPositions()) {
        glyphs.push({ font: run.font, glyph: glyph.codepoint, x: width / scale + pen + (glyph.xOffset ?? 0), y: glyph.yOffset ?? 0, scale });
        pen += glyph.xAdvance ?? 0;
      }
      width += pen * scale;
    }
    return { glyphs, width };
  };

  return (text, size, maxWidth) => {
    const space = shapeWord(' ', size).width || size / 4;
    const words = text.split(/\s+/).filter((word) => word !== '').map((word) => shapeWord(word, size));
    const lines: Word[][] = [];
    let line: Word[] = [];
    let lineWidth = 0;
    for (const word of words) {
      const wider = lineWidth + (line.length > 0 ? space : 0) + word.width;
      if (line.length > 0 && wider > maxWidth) {
        lines.push(line);
        line = [];
        lineWidth = 0;
      }
      lineWidth += (line.length > 0 ? space : 0) + word.width;
      line.push(word);
    }
    if (line.length > 0) lines.push(line);
    const widthOf = (words: Word[]) => words.reduce((sum, word) => sum + word.width, 0) + space * Math.max(0, words.length - 1);
    const widest = Math.max(0, ...lines.map(widthOf));
    const shapes: string[] = [];
    lines.forEach((words, index) => {
      const baseline = index * size + (main.ascender / lineUnits) * size;
      let left = (widest - widthOf(words)) / 2;
      for (const word of words) {
        for (const glyph of word.glyphs) {
          const drawn = outline(glyph, left, baseline);
          if (drawn !== '') shapes.push(drawn);
        }
        left += word.width + space;
      }
    });
    if (shapes.length === 0) return '';
    // Two lone points at the corners of the lines' box: libass sizes a drawing by its points, so
    // every drawing spans whole lines (ascender to descender), and stacked drawings keep text's spacing.
    const box = `m 0 0 m ${coordinate(widest)} ${coordinate(lines.length * size)}`;
    return `{\\p3}${box} ${shapes.join(' ')}{\\p0}`;
  };
}
