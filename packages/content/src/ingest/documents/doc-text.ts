// Legacy Word (.doc, OLE2 compound file) through word-extractor.
import { PermanentError } from '@castwright/core/errors';
import WordExtractor from 'word-extractor';

export async function extractDocText(bytes: Buffer): Promise<string> {
  try {
    const document = await new WordExtractor().extract(bytes);
    return document.getBody();
  } catch {
    throw new PermanentError('The Word document could not be read');
  }
}
