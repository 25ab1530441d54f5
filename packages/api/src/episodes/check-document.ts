// Checking an uploaded document before anything is stored: its type by magic bytes AND
// extension (both must agree), strict UTF-8 for text, and a DOCX archive inspected for
// zip bombs. Each refusal is a 400 naming what is allowed.
import { open } from 'node:fs/promises';
import { AppError, PermanentError } from '@castwright/core/errors';
import { ALLOWED_TYPES_TEXT, documentTypeFor, MAGIC_BYTES_NEEDED, type DocumentType } from '@castwright/content/ingest/documents/document-type';
import { inspectDocxArchive } from '@castwright/content/ingest/documents/docx-text';
import { isStrictUtf8File } from '@castwright/content/ingest/documents/plain-text';

export async function checkDocument(filePath: string, filename: string): Promise<DocumentType> {
  const handle = await open(filePath);
  const head = Buffer.alloc(MAGIC_BYTES_NEEDED);
  try {
    await handle.read(head, 0, MAGIC_BYTES_NEEDED, 0);
  } finally {
    await handle.close();
  }
  const type = documentTypeFor(head, filename);
  if (type === null) throw AppError.validation(`The file must be one of ${ALLOWED_TYPES_TEXT}, and its contents must match its extension`);
  if (type === 'txt' || type === 'md') {
    if (!(await isStrictUtf8File(filePath))) throw AppError.validation(`A .${type} file must be UTF-8 text; allowed types: ${ALLOWED_TYPES_TEXT}`);
  }
  if (type === 'docx') {
    try {
      await inspectDocxArchive(filePath);
    } catch (error) {
      if (error instanceof PermanentError) throw AppError.validation(error.message);
      throw error;
    }
  }
  return type;
}
