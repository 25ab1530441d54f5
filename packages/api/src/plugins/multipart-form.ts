// A multipart/form-data request as the plain UploadForm the upload service reads: parts
// come from @fastify/multipart (registered by the route's plugin) one at a time as the
// body arrives, so a file still streams to disk and can be refused mid-way. A request
// that is not multipart is a 415 before anything is read.
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@castwright/core/errors';
import type { FormPart, UploadForm } from '../http/form-file.ts';

export function uploadForm(request: FastifyRequest): UploadForm {
  if (!request.isMultipart()) throw new AppError('unsupportedMediaType', 'Send the document as multipart/form-data with a "file" field');
  const declared = Number(request.headers['content-length']);
  return {
    declaredBytes: Number.isFinite(declared) ? declared : undefined,
    parts: (limits) => plainParts(request.parts({ limits })),
  };
}

async function* plainParts(parts: AsyncIterable<Multipart>): AsyncGenerator<FormPart> {
  for await (const part of parts) {
    if (part.type === 'field') yield { kind: 'field', name: part.fieldname, value: part.value };
    else yield { kind: 'file', name: part.fieldname, filename: part.filename, content: part.file, truncated: () => part.file.truncated };
  }
}
