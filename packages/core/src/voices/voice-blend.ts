// Kokoro blends: a voice made by mixing the style tables of up to four Kokoro voices by
// weight, written `af_heart*0.7+af_bella*0.3` (each part may carry the catalog's
// `kokoro:` prefix). Weights are all given or all left out (equal shares); given, each
// is positive and together they sum to 1 within ±0.01, and they are then scaled to sum
// exactly 1. No voice twice. The canonical form sorts the parts by name and writes each
// weight with at most four decimals, so one mix has one spelling (and one segment key).
import { builtInVoiceId } from './voice-ids.ts';

export const MAX_BLEND_PARTS = 4;
const SUM_TOLERANCE = 0.01;
const PART = /^(?:kokoro:)?([a-z]{2}_[a-z]+)(?:\*([0-9]+(?:\.[0-9]+)?|\.[0-9]+))?$/;

export interface BlendPart {
  /** Kokoro's own voice name (`af_heart`). */
  voice: string;
  weight: number;
}

export class BlendError extends Error {
  override name = 'BlendError';
}

/** Whether a `hosts[].voice` is written as a blend rather than one catalog id. */
export function looksLikeBlend(value: string): boolean {
  return value.includes('+') || value.includes('*');
}

/** The parts of a blend, weights scaled to sum 1, sorted by voice; BlendError names what is wrong. */
export function parseBlend(text: string): BlendPart[] {
  const pieces = text.split('+').map((piece) => piece.trim());
  if (pieces.length < 2 || pieces.length > MAX_BLEND_PARTS) {
    throw new BlendError(`A blend mixes 2 to ${MAX_BLEND_PARTS} Kokoro voices joined by "+" (got ${pieces.length} in "${text}")`);
  }
  const parsed = pieces.map((piece) => {
    const match = PART.exec(piece);
    if (!match?.[1]) {
      throw new BlendError(`"${piece}" is not a Kokoro voice with an optional weight, as in af_heart*0.7 (only Kokoro voices can be blended)`);
    }
    return { voice: match[1], weight: match[2] === undefined ? undefined : Number(match[2]) };
  });
  const weighted = parsed.filter((part) => part.weight !== undefined).length;
  if (weighted !== 0 && weighted !== parsed.length) throw new BlendError(`Give every voice of the blend "${text}" a weight, or none (equal shares)`);
  const seen = new Set<string>();
  for (const part of parsed) {
    if (seen.has(part.voice)) throw new BlendError(`The blend "${text}" names ${part.voice} twice`);
    seen.add(part.voice);
    if (part.weight !== undefined && !(part.weight > 0)) throw new BlendError(`The weight of ${part.voice} must be above 0 (got ${part.weight})`);
  }
  const sum = parsed.reduce((total, part) => total + (part.weight ?? 1 / parsed.length), 0);
  if (Math.abs(sum - 1) > SUM_TOLERANCE) throw new BlendError(`The weights of the blend "${text}" must add up to 1 (they add up to ${Number(sum.toFixed(4))})`);
  return parsed
    .map((part) => ({ voice: part.voice, weight: (part.weight ?? 1 / parsed.length) / sum }))
    .sort((a, b) => (a.voice < b.voice ? -1 : 1));
}

/** The canonical spelling: `af_bella*0.3+af_heart*0.7`, with the catalog prefix when `prefixed`. */
export function formatBlend(parts: readonly BlendPart[], options: { prefixed: boolean }): string {
  return parts
    .map((part) => `${options.prefixed ? builtInVoiceId('kokoro', part.voice) : part.voice}*${Number(part.weight.toFixed(4))}`)
    .join('+');
}
