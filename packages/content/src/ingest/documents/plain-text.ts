// TXT and MD: strict UTF-8 (a byte that is not UTF-8 is an error, never a U+FFFD),
// no NUL bytes; Markdown loses its markup so the script writer sees prose.
import { createReadStream } from 'node:fs';
import { PermanentError } from '@castwright/core/errors';

/** Decodes strict UTF-8 without NULs, or null. Accepts a leading BOM. */
export function strictUtf8(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export function extractPlainText(bytes: Uint8Array, kind: 'txt' | 'md'): string {
  const text = strictUtf8(bytes);
  if (text === null) throw new PermanentError('The text file is not valid UTF-8 text');
  return kind === 'md' ? stripMarkdown(text) : text;
}

/** Minimal Markdown to text: headings, emphasis, links, images, code fences, quotes, list markers, HTML tags. */
export function stripMarkdown(markdown: string): string {
  return markdown
    .replace(/^[ \t]*(```|~~~).*$/gm, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/^[ \t]*\[[^\]]+\]:[ \t]*\S+.*$/gm, '')
    .replace(/^ {0,3}#{1,6}[ \t]+(.*?)[ \t]*#*[ \t]*$/gm, '$1')
    .replace(/^ {0,3}>\s?/gm, '')
    .replace(/^ {0,3}([-*_])([ \t]*\1){2,}[ \t]*$/gm, '')
    .replace(/^([ \t]*)[-*+][ \t]+/gm, '$1')
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/(\*|_)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/~~(.+?)~~/g, '$1')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/<\/?[A-Za-z][^>]*>/g, '');
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
