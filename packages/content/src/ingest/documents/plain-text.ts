// TXT and MD: strict UTF-8 (a byte that is not UTF-8 is an error, never a U+FFFD),
// no NUL bytes; Markdown is read by its markup, plain text by the shape of its lines.
import { createReadStream } from 'node:fs';
import { PermanentError } from '@castwright/core/errors';
import { markdownBlocks } from '../../text/markdown-blocks.ts';
import { plainTextBlocks } from '../../text/plain-text-blocks.ts';
import type { Block } from '../../text/structured-text.ts';

/** Decodes strict UTF-8 without NULs, or null. Accepts a leading BOM. */
function strictUtf8(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export function extractPlainText(bytes: Uint8Array, kind: 'txt' | 'md'): Block[] {
  const text = strictUtf8(bytes);
  if (text === null) throw new PermanentError('The text file is not valid UTF-8 text');
  return kind === 'md' ? markdownBlocks(text.replace(/^\uFEFF/, '')) : plainTextBlocks(text.replace(/^\uFEFF/, ''));
}

/** Whether a file on disk is strict UTF-8 without NULs, read in chunks (never whole). */
export async function isStrictUtf8File(filePath: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(filePath) as AsyncIterable<Buffer>) {
      if (chunk.includes(0)) return false;
      decoder.decode(chunk, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}
