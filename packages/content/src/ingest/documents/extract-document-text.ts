// One entry point for uploaded documents: picks the extractor by magic bytes and
// extension (which must agree) and returns the document's structure (headings,
// paragraphs, lists, tables); the caller cleans and bounds it with usableText.
import { readFile, stat } from 'node:fs/promises';
import { PermanentError } from '@castwright/core/errors';
import type { Block } from '../../text/structured-text.ts';
import { extractDocText } from './doc-text.ts';
import { ALLOWED_TYPES_TEXT, documentTypeFor, type DocumentType } from './document-type.ts';
import { extractDocxText } from './docx-text.ts';
import { extractPdfText } from './pdf-text.ts';
import { extractPlainText } from './plain-text.ts';

/** The largest document read: the largest upload any tier allows. */
export const MAX_DOCUMENT_BYTES = 100 * 1024 * 1024;

export async function extractDocumentText(source: string | Buffer, filename: string): Promise<{ type: DocumentType; blocks: Block[] }> {
  let bytes: Buffer;
  if (typeof source === 'string') {
    const size = (await stat(source)).size;
    if (size > MAX_DOCUMENT_BYTES) throw new PermanentError('The document is too large');
    bytes = await readFile(source);
  } else {
    bytes = source;
  }
  const type = documentTypeFor(bytes.subarray(0, 8), filename);
  if (type === null) throw new PermanentError(`The document is not a supported type (${ALLOWED_TYPES_TEXT}) or its contents do not match its name`);
  switch (type) {
    case 'pdf':
      return { type, blocks: await extractPdfText(bytes) };
    case 'docx':
      return { type, blocks: await extractDocxText(bytes) };
    case 'doc':
      return { type, blocks: await extractDocText(bytes) };
    case 'txt':
    case 'md':
      return { type, blocks: extractPlainText(bytes, type) };
  }
}
