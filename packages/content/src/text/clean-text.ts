// Normalises text from any source before scripting: Unicode NFC, no control
// characters, hyphenated line breaks joined, whitespace collapsed, paragraphs kept.
import { MAX_SOURCE_CHARACTERS } from '@castwright/core/episode-options';
import { PermanentError } from '@castwright/core/errors';

export function cleanText(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .replace(/(\p{L})-\n(\p{Ll})/gu, '$1$2')
    .replace(/[ \t\u00A0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Clean text that is fit to script, or a PermanentError saying why not. */
export function usableText(raw: string): string {
  const text = cleanText(raw);
  if (text.length === 0) throw new PermanentError('The content has no readable text');
  if (text.length > MAX_SOURCE_CHARACTERS) {
    throw new PermanentError(`The content is too long: ${text.length} characters (the limit is ${MAX_SOURCE_CHARACTERS})`);
  }
  return text;
}
