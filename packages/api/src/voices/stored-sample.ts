// What the sample endpoints answer (a voice's, GET /api/voices/:id/sample, and a lexicon
// entry's, GET /api/pronunciations/:id/sample): a stored MP3 with validators, or "being
// made, ask again" while a media worker makes it. A stored sample's key is random per
// sample made, so it names that MP3 exactly and serves as its entity tag.
import type { ObjectStorage, StoredObjectInfo } from '@castwright/core/storage/object-storage';
import { isNotModified, notModified, validatorHeaders, type ConditionalRequest, type HttpAnswer } from '../http/conditional-get.ts';

/** Seconds a client waits between asks while a sample is made. */
const SAMPLE_RETRY_AFTER_SECONDS = 2;
/** A claim older than this without a sample is taken to be lost (its job failed for good), and a request asks again. */
export const SAMPLE_CLAIM_STALE_MS = 5 * 60_000;

export type SampleAnswer = { kind: 'audio'; answer: HttpAnswer<200 | 304> } | { kind: 'pending'; retryAfter: number };

export const samplePending = (): SampleAnswer => ({ kind: 'pending', retryAfter: SAMPLE_RETRY_AFTER_SECONDS });

export async function storedSampleAnswer(
  storage: ObjectStorage,
  sample: { key: string; info: StoredObjectInfo; lastModified: Date; cacheControl: string; fileName: string },
  request: ConditionalRequest,
): Promise<SampleAnswer> {
  const validators = { etag: `"${sample.key.split('/').pop()?.replace(/\.mp3$/, '')}"`, lastModified: sample.lastModified };
  if (isNotModified(request, validators)) return { kind: 'audio', answer: notModified(validators, sample.cacheControl) };
  const headers = {
    ...validatorHeaders(validators),
    'Content-Type': 'audio/mpeg',
    'Content-Length': sample.info.size,
    'Cache-Control': sample.cacheControl,
    'Content-Disposition': `inline; filename="${sample.fileName.replace(/[^A-Za-z0-9_-]/g, '-')}-sample.mp3"`,
  };
  return { kind: 'audio', answer: { status: 200, headers, body: request.head ? undefined : await storage.read(sample.key) } };
}
