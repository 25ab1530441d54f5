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
import type { ConditionalRequest } from '../http/conditional-get.ts';
import { SAMPLE_CLAIM_STALE_MS, samplePending, storedSampleAnswer, type SampleAnswer } from './stored-sample.ts';
import { unavailableReason } from './voice-views.ts';

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
    return storedSampleAnswer(storage, { key: voice.sample_key, info, lastModified: voice.updated_at, cacheControl, fileName: voice.id }, request);
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
  return samplePending();
}
