// GET /api/voices/:id/sample: an MP3 of the sample sentence in one voice. The first
// request claims the making of it on the voice row and queues the media worker's job in
// the same transaction (job key per voice, and the claim serialises concurrent requests,
// so one job is queued however many ask); until it is stored every request is a 202
// with Retry-After. The stored MP3 never changes, so it is sent with validators and a
// day's private caching (no-cache for a custom voice, whose deletion must hold at once).
import type { Config } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { addJob } from '@castwright/core/jobs';
import { selectVisibleVoices, updateSampleRequested } from '@castwright/core/repositories/voices';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import { isNotModified, notModified, validatorHeaders, type ConditionalRequest, type HttpAnswer } from '../http/conditional-get.ts';
import { unavailableReason } from './voice-views.ts';

/** Seconds a client waits between asks while the sample is made. */
const SAMPLE_RETRY_AFTER_SECONDS = 2;
/** A claim older than this without a sample is taken to be lost (its job failed for good), and a request asks again. */
const SAMPLE_CLAIM_STALE_MS = 5 * 60_000;

export type SampleAnswer = { kind: 'audio'; answer: HttpAnswer<200 | 304> } | { kind: 'pending'; retryAfter: number };

export function voiceNotFound(): AppError {
  return new AppError('notFound', 'Voice not found; GET /api/voices lists the voices you can use');
}

export async function readVoiceSample(
  services: { db: Db; storage: ObjectStorage; config: Config },
  user: UserRow,
  id: string,
  request: ConditionalRequest,
): Promise<SampleAnswer> {
  const { db, storage } = services;
  const [voice] = await selectVisibleVoices(db, user.id, [id], services.config.liveness.deadAfterMs);
  if (!voice) throw voiceNotFound();
  const info = voice.sample_key ? await storage.stat(voice.sample_key) : null;
  if (voice.sample_key && info) {
    const cacheControl = voice.owner_id === null ? 'private, max-age=86400' : 'private, no-cache';
    // The key is random per sample made: it names this MP3 exactly.
    const validators = { etag: `"${voice.sample_key.split('/').pop()?.replace(/\.mp3$/, '')}"`, lastModified: voice.updated_at };
    if (isNotModified(request, validators)) return { kind: 'audio', answer: notModified(validators, cacheControl) };
    const headers = {
      ...validatorHeaders(validators),
      'Content-Type': 'audio/mpeg',
      'Content-Length': info.size,
      'Cache-Control': cacheControl,
      'Content-Disposition': `inline; filename="${voice.id.replace(/[^A-Za-z0-9_-]/g, '-')}-sample.mp3"`,
    };
    return { kind: 'audio', answer: { status: 200, headers, body: request.head ? undefined : await storage.read(voice.sample_key) } };
  }
  const reason = unavailableReason(voice);
  if (reason) throw new AppError('conflict', `No sample of ${voice.id} can be made now: ${reason}`);
  await db.transaction().execute(async (trx) => {
    // A recorded sample whose file is gone (storage lost it) is made again.
    if (await updateSampleRequested(trx, voice.id, SAMPLE_CLAIM_STALE_MS, voice.sample_key ?? undefined)) {
      // Ahead of queued renders: someone is waiting to hear it.
      await addJob(trx, 'voice:sample', { voiceId: voice.id }, { account: user.id, jobKey: `voice:sample:${voice.id}`, priority: -10 });
    }
  });
  return { kind: 'pending', retryAfter: SAMPLE_RETRY_AFTER_SECONDS };
}
