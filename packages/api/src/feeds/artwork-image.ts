// The square cover a podcast app shows for a playlist's feed: a diagonal gradient in
// two colours chosen from a seed, with the playlist's initials in large pixel letters.
// 1400 × 1400 px, the smallest size Apple Podcasts accepts, as an RGB PNG (no alpha,
// which podcast directories refuse), drawn and encoded in pure JavaScript.
import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';
import { GLYPH_HEIGHT, litPixels } from './pixel-font.ts';

const ARTWORK_SIZE = 1400;

type Rgb = [number, number, number];

function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return Math.round(255 * (lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [channel(0), channel(8), channel(4)];
}

/** Two colours some way apart on the colour wheel, fixed by the seed. */
function paletteOf(seed: string): [Rgb, Rgb] {
  const hash = createHash('sha256').update(seed).digest();
  const hue = hash.readUInt16BE(0) % 360;
  return [hslToRgb(hue, 0.62, 0.42), hslToRgb((hue + 48 + (hash[2] ?? 0) % 60) % 360, 0.7, 0.28)];
}

const SHADOW = 1;
const LETTER = 2;

/** Which pixels the initials cover (LETTER) and which their offset shadow darkens (SHADOW). */
function initialsMask(initials: string, size: number): Uint8Array {
  const mask = new Uint8Array(size * size);
  const { pixels, columns } = litPixels(initials);
  if (columns === 0) return mask;
  const cell = Math.floor(Math.min((size * 0.62) / columns, (size * 0.5) / GLYPH_HEIGHT));
  const left = Math.floor((size - columns * cell) / 2);
  const top = Math.floor((size - GLYPH_HEIGHT * cell) / 2);
  const offset = Math.max(1, Math.floor(cell / 8));
  const mark = (x0: number, y0: number, value: number) => {
    for (let y = y0; y < y0 + cell; y += 1) for (let x = x0; x < x0 + cell; x += 1) mask[y * size + x] = Math.max(mask[y * size + x] ?? 0, value);
  };
  for (const [column, row] of pixels) mark(left + column * cell + offset, top + row * cell + offset, SHADOW);
  for (const [column, row] of pixels) mark(left + column * cell, top + row * cell, LETTER);
  return mask;
}

export function drawArtwork(seed: string, initials: string, size = ARTWORK_SIZE): Buffer {
  const png = new PNG({ width: size, height: size });
  const [from, to] = paletteOf(seed);
  // The gradient runs along the diagonal: one colour per x + y, plain and in shadow.
  const diagonals = 2 * size - 1;
  const plain = new Uint8Array(diagonals * 3);
  const shaded = new Uint8Array(diagonals * 3);
  for (let d = 0; d < diagonals; d += 1) {
    const t = d / (diagonals - 1);
    for (let channel = 0; channel < 3; channel += 1) {
      const value = (from[channel] ?? 0) + ((to[channel] ?? 0) - (from[channel] ?? 0)) * t;
      plain[d * 3 + channel] = Math.round(value);
      shaded[d * 3 + channel] = Math.round(value * 0.7);
    }
  }
  const mask = initialsMask(initials, size);
  const data = png.data;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const index = y * size + x;
      const out = index * 4;
      const cover = mask[index];
      if (cover === LETTER) {
        data[out] = data[out + 1] = data[out + 2] = 255;
      } else {
        const colours = cover === SHADOW ? shaded : plain;
        const at = (x + y) * 3;
        data[out] = colours[at] ?? 0;
        data[out + 1] = colours[at + 1] ?? 0;
        data[out + 2] = colours[at + 2] ?? 0;
      }
      data[out + 3] = 255;
    }
  }
  // The Sub filter suits a smooth gradient and spares pngjs trying all five filters per row.
  return PNG.sync.write(png, { colorType: 2, deflateLevel: 6, filterType: 1 });
}
