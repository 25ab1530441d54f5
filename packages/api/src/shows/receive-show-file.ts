// Receiving a show's upload (an audio part or the cover): one `file` field, streamed to a
// temporary file and refused (413) the moment it passes its bound, never buffered; a
// declared length beyond the bound is refused before a byte is read.
import path from 'node:path';
import { AppError } from '@castwright/core/errors';
import { cleanFilename, FORM_OVERHEAD_BYTES, saveFilePart, type UploadForm } from '../http/form-file.ts';

export interface ReceivedFile {
  filePath: string;
  /** The client's file name, cleaned to show back. */
  filename: string;
}

/** Reads the form into `directory` (the caller removes it); `what` names the file in messages ("The intro"). */
export async function receiveShowFile(form: UploadForm, directory: string, maxBytes: number, what: string): Promise<ReceivedFile> {
  const tooLarge = () => new AppError('payloadTooLarge', `${what} is larger than ${maxBytes / 1024 / 1024} MB`);
  if (form.declaredBytes !== undefined && form.declaredBytes > maxBytes + FORM_OVERHEAD_BYTES) throw tooLarge();
  let received: ReceivedFile | undefined;
  let size = 0;
  for await (const part of form.parts({ fileSize: maxBytes + 1, files: 2, fields: 1, fieldSize: 1024, parts: 4, headerPairs: 20 })) {
    if (part.kind === 'field') throw AppError.validation(`Unknown form field ${JSON.stringify(part.name)}; send only "file"`);
    if (part.name !== 'file') throw AppError.validation(`Unexpected file field ${JSON.stringify(part.name)}; send it as "file"`);
    if (received) throw AppError.validation('Send exactly one file');
    received = { filePath: path.join(directory, 'upload'), filename: cleanFilename(part.filename) };
    size = await saveFilePart(part, received.filePath, maxBytes, tooLarge);
  }
  if (!received) throw AppError.validation('file is required', ['file is required']);
  if (size === 0) throw AppError.validation('file is empty', ['file is empty']);
  return received;
}
