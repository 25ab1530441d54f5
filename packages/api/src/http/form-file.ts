// A multipart/form-data body as plain parts (plugins/multipart-form.ts reads them off the
// request), and the one way a file part is received: streamed to a file and refused the
// moment it passes its bound, before the rest of the body is read (the error handler
// discards that rest after answering). Uploaded documents and voice clips both come so.
import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Bounds the multipart parser applies while it reads (busboy's limits). */
export interface FormLimits {
  fileSize: number;
  files: number;
  fields: number;
  fieldSize: number;
  parts: number;
  headerPairs: number;
}

export type FormPart =
  | { kind: 'field'; name: string; value: unknown }
  | {
      kind: 'file';
      name: string;
      filename: string;
      /** Must be read to its end before the next part comes. */
      content: Readable;
      /** True once the parser cut the file at `fileSize`. */
      truncated(): boolean;
    };

/** A multipart/form-data body, read part by part as it arrives. */
export interface UploadForm {
  /** The body's declared Content-Length, if any. */
  declaredBytes: number | undefined;
  parts(limits: FormLimits): AsyncIterable<FormPart>;
  /** A digest of the parts read so far (fields, file names and the files' SHA-256), for Idempotency-Key. */
  digest(): string;
}

/** Room for the multipart boundaries, part headers and the small form fields. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Streams a file part to `filePath`; throws `tooLarge()` as soon as more than `maxBytes`
 * arrived (give the parser `fileSize: maxBytes + 1`, so it cuts the file there too).
 * Returns the file's size.
 */
export async function saveFilePart(part: Extract<FormPart, { kind: 'file' }>, filePath: string, maxBytes: number, tooLarge: () => Error): Promise<number> {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      callback(size > maxBytes ? tooLarge() : null, chunk);
    },
  });
  await pipeline(part.content, counter, createWriteStream(filePath));
  if (part.truncated()) throw tooLarge();
  return size;
}

/** The client's file name, reduced to a plain base name fit to show back. */
export function cleanFilename(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (raw.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001F\u007F]/g, '').trim();
  return base.length > 255 ? base.slice(-255) : base;
}
