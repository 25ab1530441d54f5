// Legacy Word (.doc, OLE2 compound file) through word-extractor: its body is plain
// text, one paragraph a line, so structure is read from the lines' shape.
import { PermanentError } from '@castwright/core/errors';
import WordExtractor from 'word-extractor';
import { plainTextBlocks } from '../../text/plain-text-blocks.ts';
import type { Block } from '../../text/structured-text.ts';

export async function extractDocText(bytes: Buffer): Promise<Block[]> {
  let body: string;
  try {
    const document = await new WordExtractor().extract(bytes);
    body = document.getBody();
  } catch {
    throw new PermanentError('The Word document could not be read');
  }
  // The main document always ends with a paragraph mark, so a readable body is never
  // empty. word-extractor does not throw when the piece table points outside the
  // stream: it returns an empty body, which would pass for "no text" further on.
  if (body === '') throw new PermanentError('The Word document could not be read');
  // word-extractor ends every paragraph with one newline: each line is a paragraph.
  return plainTextBlocks(body, { linePerParagraph: true });
}
