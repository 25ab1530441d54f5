// voice:register and voice:remove (media role) — a custom voice's clip into and out of
// the Chatterbox server's voice library, where `voice: <its id>` speaks with it.
// Registering is idempotent (a name the library has already counts as done) and moves
// the voice's state only forward; without a Chatterbox engine the voice waits (the next
// media worker with one queues it again, voices/publish-voices.ts). Removing runs after
// the row is deleted: it deletes the stored files and the library entry, each of which
// may be gone already.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Task } from 'graphile-worker';
import { parseJobPayload } from '@castwright/core/jobs';
import { selectVoiceById, updateCustomVoiceStatus } from '@castwright/core/repositories/voices';
import { ChatterboxError } from '@castwright/media/chatterbox/chatterbox-error';
import type { TtsEngines } from '../tts-engines.ts';
import type { WorkerContext } from '../worker-context.ts';

const NO_CHATTERBOX = 'No media worker has a Chatterbox server (CHATTERBOX_URL) to register the voice with; it is registered when one starts';

export function voiceRegisterTask(context: WorkerContext, engines: TtsEngines): Task {
  return async (payload) => {
    const { voiceId } = parseJobPayload('voice:register', payload);
    const voice = await selectVoiceById(context.db, voiceId);
    if (!voice?.owner_id || !voice.clip_key || voice.status === 'ready' || voice.status === 'rejected') return;
    const chatterbox = engines.voiceLibrary();
    if (!chatterbox) {
      await updateCustomVoiceStatus(context.db, voiceId, { status: 'waiting', reason: NO_CHATTERBOX, from: ['processing'] });
      return;
    }
    const workDir = await mkdtemp(path.join(tmpdir(), 'castwright-clip-'));
    try {
      const clip = path.join(workDir, 'clip.wav');
      await pipeline(await context.storage.read(voice.clip_key), createWriteStream(clip));
      try {
        // Registered with its language: the multilingual model speaks a library voice in the language it was uploaded with.
        await chatterbox.addLibraryVoice(voiceId, clip, voice.language);
      } catch (error) {
        if (!(error instanceof ChatterboxError) || error.transient) throw error;
        await updateCustomVoiceStatus(context.db, voiceId, { status: 'rejected', reason: `The Chatterbox server refused the clip: ${error.message}`, from: ['processing', 'waiting'] });
        return;
      }
      const moved = await updateCustomVoiceStatus(context.db, voiceId, { status: 'ready', reason: null, from: ['processing', 'waiting'] });
      // Deleted while it was being registered: the removal may have run before the upload.
      if (!moved && !(await selectVoiceById(context.db, voiceId))) await chatterbox.removeLibraryVoice(voiceId);
      context.logger.info({ voiceId }, 'custom voice registered with Chatterbox');
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  };
}

export function voiceRemoveTask(context: WorkerContext, engines: TtsEngines): Task {
  return async (payload) => {
    const { voiceId, storageKeys, inLibrary } = parseJobPayload('voice:remove', payload);
    for (const key of storageKeys) await context.storage.delete(key);
    if (inLibrary) {
      const chatterbox = engines.voiceLibrary();
      // Retried: another media worker may have the Chatterbox server this one lacks.
      if (!chatterbox) throw new Error(`This media worker has no Chatterbox server to remove ${voiceId} from`);
      await chatterbox.removeLibraryVoice(voiceId);
    }
    context.logger.info({ voiceId }, 'custom voice removed');
  };
}
