// Kokoro voices are style tables: 510 rows × 256 float32, one row per input
// length. The model was trained with the row for the number of phoneme tokens,
// so a short interjection and a long sentence in the same voice use different rows.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MAX_PHONEME_TOKENS } from './kokoro-vocabulary.ts';

export const STYLE_WIDTH = 256;
const STYLE_ROWS = MAX_PHONEME_TOKENS;
const VOICE_FILE_BYTES = STYLE_ROWS * STYLE_WIDTH * Float32Array.BYTES_PER_ELEMENT;

export class VoiceFileError extends Error {
  override name = 'VoiceFileError';
}

export interface VoiceStyles {
  readonly voice: string;
  /** The style row for a chunk of `tokenCount` phoneme tokens (pads not counted). */
  styleFor(tokenCount: number): Float32Array;
}

/** The row index the reference implementations use: the token count, clamped to the table. */
export function styleRowFor(tokenCount: number): number {
  return Math.min(Math.max(tokenCount, 0), STYLE_ROWS - 1);
}

export async function loadVoiceStyles(voicesDir: string, voice: string): Promise<VoiceStyles> {
  if (!/^[a-z]{2}_[a-z]+$/.test(voice)) throw new VoiceFileError(`Invalid Kokoro voice name "${voice}"`);
  const file = path.join(voicesDir, `${voice}.bin`);
  const bytes = await readFile(file);
  if (bytes.byteLength !== VOICE_FILE_BYTES) {
    throw new VoiceFileError(`${file} is ${bytes.byteLength} bytes; a Kokoro voice is ${STYLE_ROWS}×${STYLE_WIDTH} float32 (${VOICE_FILE_BYTES} bytes)`);
  }
  // Copy into an aligned buffer: Buffer slices may not start on a 4-byte boundary.
  const table = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  return {
    voice,
    styleFor(tokenCount) {
      const row = styleRowFor(tokenCount);
      return table.slice(row * STYLE_WIDTH, (row + 1) * STYLE_WIDTH);
    },
  };
}

/**
 * A blend's style table: row by row, the weighted sum of its voices' rows (the weights
 * sum to 1), so the mix sits between the voices as the model's style space has them.
 */
export function mixVoiceStyles(voice: string, parts: readonly { styles: VoiceStyles; weight: number }[]): VoiceStyles {
  return {
    voice,
    styleFor(tokenCount) {
      const mixed = new Float32Array(STYLE_WIDTH);
      for (const { styles, weight } of parts) {
        const row = styles.styleFor(tokenCount);
        for (let i = 0; i < STYLE_WIDTH; i++) mixed[i] = (mixed[i] as number) + weight * (row[i] as number);
      }
      return mixed;
    },
  };
}

/**
 * English text's accent: en-us for American voices (`a…`), en-gb for British (`b…`); the
 * first letter is the accent, and every other voice reads English as American. A blend
 * is spoken with the accent of its heaviest voice.
 */
export function voiceLanguage(voice: string): 'en-us' | 'en-gb' {
  return voice.startsWith('b') ? 'en-gb' : 'en-us';
}
