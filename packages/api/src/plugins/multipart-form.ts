// A multipart/form-data request as the plain UploadForm the upload service reads: parts
// come from @fastify/multipart (registered by the route's plugin) one at a time as the
// body arrives, so a file still streams to disk and can be refused mid-way. A request
// that is not multipart is a 415 before anything is read. Every part passes through a
// FormDigest on its way, so the request's fingerprint costs no second read of the file.
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@castwright/core/errors';
import type { FormPart, UploadForm } from '../http/form-file.ts';
import { FormDigest } from '../idempotency/form-digest.ts';

export function uploadForm(request: FastifyRequest): UploadForm {
  if (!request.isMultipart()) throw new AppError('unsupportedMediaType', 'Send the document as multipart/form-data with a "file" field');
  const declared = Number(request.headers['content-length']);
  const digest = new FormDigest();
  return {
    declaredBytes: Number.isFinite(declared) ? declared : undefined,
    parts: (limits) => plainParts(request.parts({ limits }), digest),
    digest: () => digest.digest(),
  };
}

async function* plainParts(parts: AsyncIterable<Multipart>, digest: FormDigest): AsyncGenerator<FormPart> {
  for await (const part of parts) {
    if (part.type === 'field') {
      digest.addField(part.fieldname, part.value);
      yield { kind: 'field', name: part.fieldname, value: part.value };
    } else {
      const content = part.file.pipe(digest.fileHasher(part.fieldname, part.filename));
      // Errors and aborts pass both ways, as if the reader read the parser's stream itself:
      // a cut connection fails the reader; a reader that gives up (413) stops the file.
      part.file.on('error', (error) => content.destroy(error));
      content.on('close', () => {
        if (!part.file.readableEnded) part.file.destroy();
      });
      yield { kind: 'file', name: part.fieldname, filename: part.filename, content, truncated: () => part.file.truncated };
    }
  }
}
