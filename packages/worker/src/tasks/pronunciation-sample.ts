// pronunciation:sample (media role) — says a lexicon entry in one voice: a short phrase
// with the term, the entry applied exactly as an episode's line applies it (the Lexicon of
// render/lexicon-snapshot.ts, then the engine's own way of saying it), mastered like a
// voice's sample, stored and recorded. The api queues it for the first request of an entry,
// voice and entry version (job key and a claimed row, so concurrent requests queue one).
// A job for a version the entry no longer has, or for a deleted entry, stops: its sample
// would be stale. A copy that lost a race, or whose row went meanwhile, removes its file.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Task } from 'graphile-worker';
import { parseJobPayload } from '@castwright/core/jobs';
import { pronunciationSamplePhrase, pronunciationSampleVersion } from '@castwright/core/pronunciation-sample';
import { selectPronunciationSample, updatePronunciationSampleMade } from '@castwright/core/repositories/pronunciation-samples';
import { selectPronunciationById } from '@castwright/core/repositories/pronunciations';
import { selectVoiceById } from '@castwright/core/repositories/voices';
import { pronunciationSampleKey } from '@castwright/core/storage/object-storage';
import { makeVoiceSample, sampleLanguage } from '@castwright/media/voice-sample';
import { lexiconOf } from '../render/lexicon-snapshot.ts';
import type { TtsEngines } from '../tts-engines.ts';
import type { WorkerContext } from '../worker-context.ts';

export function pronunciationSampleTask(context: WorkerContext, engines: TtsEngines): Task {
  return async (payload, helpers) => {
    const sample = parseJobPayload('pronunciation:sample', payload);
    const entry = await selectPronunciationById(context.db, sample.pronunciationId);
    if (!entry || pronunciationSampleVersion(entry) !== sample.version) return;
    const row = await selectPronunciationSample(context.db, sample);
    if (!row || row.sample_key) return;
    const voice = await selectVoiceById(context.db, sample.voiceId);
    if (!voice) return;
    const engine = engines.get(voice.engine);
    // Another media worker may hold the engine: the job is retried, and any of them may take it.
    if (!engine) throw new Error(`This media worker has no ${voice.engine} engine (${engines.unavailableReason(voice.engine) ?? 'unavailable'})`);
    const language = sampleLanguage(voice.language);
    const text = pronunciationSamplePhrase(entry.term, language);
    const workDir = await mkdtemp(path.join(tmpdir(), 'castwright-pronunciation-'));
    try {
      const signal = AbortSignal.any([context.shutdownSignal, ...(helpers.abortSignal ? [helpers.abortSignal] : [])]);
      const file = await makeVoiceSample({
        engine, voice: voice.engine_name, title: `${entry.term} (${voice.name})`, workDir, signal, language, text, pronunciations: lexiconOf([entry]).entriesIn(text),
      });
      const key = pronunciationSampleKey(entry.user_id, entry.id, `sample-${randomBytes(8).toString('hex')}.mp3`);
      await context.storage.putFile(key, file, 'audio/mpeg');
      if (await updatePronunciationSampleMade(context.db, sample, key)) {
        context.logger.info({ pronunciationId: entry.id, voiceId: voice.id, key }, 'pronunciation sample made');
      } else {
        await context.storage.delete(key);
      }
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  };
}
