// GET /api/pronunciations/:id/sample: the entry said in one voice (`?voice=`, a catalog id;
// the built-in voice when left out), as a short phrase with the term. It follows the voice
// sample's way exactly (voices/voice-sample.ts): the first request claims a row for the
// entry, voice and version of the entry and queues the media worker's job in the same
// transaction (job key per all three, so concurrent requests queue one); until the MP3 is
// stored every request is a 202 with Retry-After. The version is a digest of what the
// entry says, so a changed entry looks up (and makes) another sample: an old one is never
// served for it. Sent with validators and no-cache: the address stays while the entry changes.
import type { Config } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { addJob } from '@castwright/core/jobs';
import { DEFAULT_PRONUNCIATION_SAMPLE_VOICE, pronunciationSampleVersion } from '@castwright/core/pronunciation-sample';
import { selectPronunciationSample, upsertPronunciationSampleRequest } from '@castwright/core/repositories/pronunciation-samples';
import { selectOwnPronunciation } from '@castwright/core/repositories/pronunciations';
import { selectVisibleVoices } from '@castwright/core/repositories/voices';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import type { ConditionalRequest } from '../http/conditional-get.ts';
import { ownedOr404 } from '../owned-or-404.ts';
import { SAMPLE_CLAIM_STALE_MS, samplePending, storedSampleAnswer, type SampleAnswer } from '../voices/stored-sample.ts';
import { unavailableReason } from '../voices/voice-views.ts';

export async function readPronunciationSample(
  services: { db: Db; storage: ObjectStorage; config: Config },
  user: UserRow,
  target: { id: string; voice: string | undefined },
  request: ConditionalRequest,
): Promise<SampleAnswer> {
  const { db, storage } = services;
  const entry = await ownedOr404('pronunciation', selectOwnPronunciation(db, user.id, target.id));
  const voiceId = target.voice ?? DEFAULT_PRONUNCIATION_SAMPLE_VOICE;
  const [voice] = await selectVisibleVoices(db, user.id, [voiceId], services.config.liveness.deadAfterMs);
  if (!voice) throw AppError.validation(`Unknown voice ${voiceId}; GET /api/voices lists the voices you can use`, [`querystring.voice ${voiceId} is not in your voice catalog`]);
  const sampleId = { pronunciationId: entry.id, voiceId: voice.id, version: pronunciationSampleVersion(entry) };
  const row = await selectPronunciationSample(db, sampleId);
  const info = row?.sample_key ? await storage.stat(row.sample_key) : null;
  if (row?.sample_key && row.made_at && info) {
    return storedSampleAnswer(storage, { key: row.sample_key, info, lastModified: row.made_at, cacheControl: 'private, no-cache', fileName: `${entry.id}-${voice.id}` }, request);
  }
  const reason = unavailableReason(voice);
  if (reason) throw new AppError('conflict', `${entry.term} cannot be said in ${voice.id} now: ${reason}`);
  await db.transaction().execute(async (trx) => {
    // A recorded sample whose file is gone (storage lost it) is made again.
    if (await upsertPronunciationSampleRequest(trx, sampleId, SAMPLE_CLAIM_STALE_MS, row?.sample_key ?? undefined)) {
      // Ahead of queued renders: someone is waiting to hear it.
      await addJob(trx, 'pronunciation:sample', sampleId, { account: entry.user_id, jobKey: `pronunciation:sample:${entry.id}:${voice.id}:${sampleId.version}`, priority: -10 });
    }
  });
  return samplePending();
}
