// A stored file as an HTTP answer: the whole file, or one byte range (206) for players that
// seek, streamed from storage; HEAD answers the same headers without opening it. Validators
// let clients revalidate (304) and resume (If-Range). The episode's audio and its videos
// are sent this way, each under its own access rules and validators.
import parseRange from 'range-parser';
import { AppError } from '@castwright/core/errors';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import { isNotModified, notModified, rangeApplies, validatorHeaders, type ConditionalRequest, type HttpAnswer, type Validators } from './conditional-get.ts';

export interface StoredFile {
  key: string;
  size: number;
  contentType: string;
  validators: Validators;
  cacheControl: string;
  /** The name `Content-Disposition` suggests. */
  fileName: string;
}

export async function storedFileAnswer(storage: ObjectStorage, file: StoredFile, request: ConditionalRequest): Promise<HttpAnswer<200 | 206 | 304>> {
  const { validators, cacheControl, size } = file;
  if (isNotModified(request, validators)) return notModified(validators, cacheControl);
  const headers: Record<string, string | number> = {
    ...validatorHeaders(validators),
    'Accept-Ranges': 'bytes',
    'Content-Type': file.contentType,
    'Cache-Control': cacheControl,
    'Content-Disposition': `inline; filename="${file.fileName}"`,
  };
  const bodyless = request.head;
  const rangeHeader = request.range;
  const ranges = rangeHeader && rangeApplies(request, validators) ? parseRange(size, rangeHeader, { combine: true }) : undefined;
  if (ranges === -1) {
    throw new AppError('rangeNotSatisfiable', undefined, { headers: { 'Content-Range': `bytes */${size}` } });
  }
  // A malformed Range header (-2) is ignored, as HTTP says: the whole file is sent.
  if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length > 0) {
    const { start, end } = ranges[0] as { start: number; end: number };
    return {
      status: 206,
      headers: { ...headers, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': end - start + 1 },
      body: bodyless ? undefined : await storage.read(file.key, { start, end }),
    };
  }
  return { status: 200, headers: { ...headers, 'Content-Length': size }, body: bodyless ? undefined : await storage.read(file.key) };
}
