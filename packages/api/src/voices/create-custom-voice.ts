// POST /api/voices: a custom voice from the caller's clip. The form is received with a
// byte bound (receive-voice-clip.ts) and the clip decoded and checked right here, with
// ffmpeg through core (core/audio/check-voice-clip.ts), so a bad clip is a 400 with its
// reason and nothing is stored. Then, in one transaction under the account's lock: the
// per-account bound, the clip (a clean mono WAV) put to storage, the row, and the media
// worker's job that registers it with the Chatterbox server's voice library, and the answer
// (Idempotency-Key: claimed once the whole form, clip included, is known).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkVoiceClip } from '@castwright/core/audio/check-voice-clip';
import { resolveFfmpegBinaries } from '@castwright/core/audio/ffmpeg-binaries';
import { MediaFileError } from '@castwright/core/audio/media-file';
import type { Config } from '@castwright/core/config';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { addJob } from '@castwright/core/jobs';
import type { ServiceLogger } from '@castwright/core/logger';
import { countCustomVoices, insertCustomVoice, lockAccountVoices, type CatalogVoiceRow } from '@castwright/core/repositories/voices';
import { voiceFileKey, type ObjectStorage } from '@castwright/core/storage/object-storage';
import { MAX_CUSTOM_VOICES_PER_ACCOUNT } from '@castwright/core/voices/custom-voices';
import { newCustomVoiceId } from '@castwright/core/voices/voice-ids';
import type { UploadForm } from '../http/form-file.ts';
import type { AnswerRecorder } from '../idempotency/answer-recorder.ts';
import { receiveVoiceClip } from './receive-voice-clip.ts';

export type CreatedCustomVoice = CatalogVoiceRow;

export async function createCustomVoice(
  services: { db: Db; storage: ObjectStorage; config: Config; logger: ServiceLogger },
  form: UploadForm,
  user: UserRow,
  answer: AnswerRecorder<CreatedCustomVoice>,
): Promise<CreatedCustomVoice> {
  const { db, storage, config } = services;
  const directory = await mkdtemp(path.join(tmpdir(), 'castwright-voice-'));
  try {
    const clip = await receiveVoiceClip(form, directory);
    await answer.claim(form.digest());
    const tools = resolveFfmpegBinaries({ ...(config.ffmpegPath ? { ffmpeg: config.ffmpegPath } : {}), ...(config.ffprobePath ? { ffprobe: config.ffprobePath } : {}) });
    const checked = await checkVoiceClip(tools, clip.filePath, path.join(directory, 'clip.wav')).catch((error: unknown) => {
      if (error instanceof MediaFileError) throw AppError.validation(error.message, [`file: ${error.message}`]);
      throw error;
    });
    const id = newCustomVoiceId();
    const clipKey = voiceFileKey(id, 'clip.wav');
    let stored = false;
    const voice = await db.transaction().execute(async (trx) => {
      await lockAccountVoices(trx, user.id);
      if ((await countCustomVoices(trx, user.id)) >= MAX_CUSTOM_VOICES_PER_ACCOUNT) {
        throw new AppError('limitReached', `An account keeps at most ${MAX_CUSTOM_VOICES_PER_ACCOUNT} custom voices; delete one first`);
      }
      stored = true;
      await storage.putFile(clipKey, checked.wavFile, 'audio/wav');
      const row = await insertCustomVoice(trx, { id, ownerId: user.id, name: clip.name, language: clip.language, gender: clip.gender, description: clip.description, clipKey });
      await addJob(trx, 'voice:register', { voiceId: id }, { account: user.id, jobKey: `voice:register:${id}`, fair: services.config.fairScheduling });
      // Just inserted: it is the caller's, processing, and no worker has registered it yet.
      const created: CatalogVoiceRow = { ...row, live: false };
      await answer.record(trx, created);
      return created;
    }).catch(async (error: unknown) => {
      if (stored) await storage.delete(clipKey).catch((cleanupError: unknown) => services.logger.warn({ err: cleanupError, key: clipKey }, 'could not delete a refused clip'));
      throw error;
    });
    services.logger.info({ voiceId: id, durationMs: checked.durationMs, sampleRate: checked.sampleRate, channels: checked.channels }, 'custom voice created');
    return voice;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
