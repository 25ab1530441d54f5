// voice:sample (media role) — voices a catalog voice's sample sentence once, stores the
// MP3 and records it. The api queues it for the first request of a sample (job key and
// a claim on the voice row, so concurrent requests queue one job); a doubled job finds
// the sample recorded and stops, and a copy that lost the race removes its own file.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Task } from 'graphile-worker';
import { parseJobPayload } from '@castwright/core/jobs';
import { selectVoiceById, updateVoiceSample } from '@castwright/core/repositories/voices';
import { voiceFileKey } from '@castwright/core/storage/object-storage';
import { makeVoiceSample } from '@castwright/media/voice-sample';
import type { TtsEngines } from '../tts-engines.ts';
import type { WorkerContext } from '../worker-context.ts';

export function voiceSampleTask(context: WorkerContext, engines: TtsEngines): Task {
  return async (payload, helpers) => {
    const { voiceId } = parseJobPayload('voice:sample', payload);
    const voice = await selectVoiceById(context.db, voiceId);
    if (!voice || voice.sample_key) return;
    const engine = engines.get(voice.engine);
    // Another media worker may hold the engine: the job is retried, and any of them may take it.
    if (!engine) throw new Error(`This media worker has no ${voice.engine} engine (${engines.unavailableReason(voice.engine) ?? 'unavailable'})`);
    const workDir = await mkdtemp(path.join(tmpdir(), 'castwright-sample-'));
    try {
      const signal = AbortSignal.any([context.shutdownSignal, ...(helpers.abortSignal ? [helpers.abortSignal] : [])]);
      const file = await makeVoiceSample({ engine, voice: voice.engine_name, title: `${voice.name} (${voice.id})`, workDir, language: voice.language, signal });
      const key = voiceFileKey(voiceId, `sample-${randomBytes(8).toString('hex')}.mp3`);
      await context.storage.putFile(key, file, 'audio/mpeg');
      if (await updateVoiceSample(context.db, voiceId, key)) {
        context.logger.info({ voiceId, key }, 'voice sample made');
      } else {
        await context.storage.delete(key);
      }
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  };
}
