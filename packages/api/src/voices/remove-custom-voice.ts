// DELETE /api/voices/:id: the caller's custom voice. The row goes at once (it leaves the
// catalog and can no longer be chosen); its stored clip and sample and its entry in the
// Chatterbox library are removed by a media worker's job queued in the same transaction,
// which tolerates each being gone already. Built-in voices cannot be deleted (403);
// another account's voice reads as missing (404). Deleting an account queues the same
// removal for each of its voices.
import type { Db, Trx } from '@castwright/core/db/connect';
import type { UserRow, VoiceRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { addJob, SYSTEM_ACCOUNT } from '@castwright/core/jobs';
import { deleteOwnCustomVoice, selectOwnCustomVoices } from '@castwright/core/repositories/voices';
import { parseVoiceId } from '@castwright/core/voices/voice-ids';
import { voiceNotFound } from './voice-sample.ts';

/** `queueing.fair`: the api's FAIR_SCHEDULING (core/jobs.ts). */
export async function removeCustomVoice(db: Db, user: UserRow, id: string, queueing: { fair: boolean }): Promise<void> {
  const ref = parseVoiceId(id);
  if (ref && !ref.custom) throw new AppError('forbidden', 'Built-in voices cannot be deleted; only your own custom voices can');
  await db.transaction().execute(async (trx) => {
    const voice = await deleteOwnCustomVoice(trx, user.id, id);
    if (!voice) throw voiceNotFound();
    await queueVoiceRemoval(trx, voice, queueing);
  });
}

/** Queues the removal of every custom voice of an account, in the transaction that deletes it. */
export async function queueAccountVoiceRemovals(trx: Trx, userId: string, queueing: { fair: boolean }): Promise<void> {
  for (const voice of await selectOwnCustomVoices(trx, userId)) await queueVoiceRemoval(trx, voice, queueing);
}

async function queueVoiceRemoval(trx: Trx, voice: VoiceRow, queueing: { fair: boolean }): Promise<void> {
  const storageKeys = [voice.clip_key, voice.sample_key].filter((key): key is string => key !== null);
  // A registration may be under way (processing) or done (ready): the library may hold it.
  const inLibrary = voice.status === 'processing' || voice.status === 'ready';
  await addJob(trx, 'voice:remove', { voiceId: voice.id, storageKeys, inLibrary }, { account: voice.owner_id ?? SYSTEM_ACCOUNT, jobKey: `voice:remove:${voice.id}`, fair: queueing.fair });
}
