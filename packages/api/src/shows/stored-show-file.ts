// What the owner's file endpoints answer (a show's audio part, its cover): the stored file
// with validators. A stored file's key is random per upload, so it names those bytes
// exactly and serves as their entity tag.
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import { isNotModified, notModified, validatorHeaders, type ConditionalRequest, type HttpAnswer } from '../http/conditional-get.ts';

/** The owner's own files: a browser keeps its copy and checks it again before use. */
const CACHE_CONTROL = 'private, no-cache';

export async function storedShowFile(
  storage: ObjectStorage,
  file: { key: string; bytes: number; contentType: string; lastModified: Date; fileName: string },
  request: ConditionalRequest,
  cacheControl = CACHE_CONTROL,
): Promise<HttpAnswer> {
  const validators = { etag: `"${file.key.split('/').pop()?.replace(/\.[a-z]+$/, '')}"`, lastModified: file.lastModified };
  if (isNotModified(request, validators)) return notModified(validators, cacheControl);
  const headers = {
    ...validatorHeaders(validators),
    'Content-Type': file.contentType,
    'Content-Length': file.bytes,
    'Cache-Control': cacheControl,
    'Content-Disposition': `inline; filename="${file.fileName.replace(/[^A-Za-z0-9_.-]/g, '-')}"`,
  };
  return { status: 200, headers, body: request.head ? undefined : await storage.read(file.key) };
}
