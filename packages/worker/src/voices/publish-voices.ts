// What a media worker tells the fleet it can voice. When it starts, and whenever an
// engine's voice list changes (a Chatterbox library that gained a voice: such lists are
// read again in the background every minute), the catalog rows of its engines' voices
// are written (descriptions from media/voice-catalog.ts);
// every heartbeat carries the engines and voice ids it holds now, so a voice is
// available exactly while a live worker lists it (core/repositories/voices.ts). A
// worker with Chatterbox also queues the registration of custom voices that are still
// waiting for one.
import type { Db } from '@castwright/core/db/connect';
import { addJob, SYSTEM_ACCOUNT } from '@castwright/core/jobs';
import type { Logger } from '@castwright/core/logger';
import type { Heartbeat } from '@castwright/core/repositories/worker-heartbeats';
import { selectUnregisteredCustomVoices, upsertPublishedVoices } from '@castwright/core/repositories/voices';
import { describeVoices } from '@castwright/media/voice-catalog';
import { ENGINE_NAMES, type TtsEngines } from '../tts-engines.ts';

type Capabilities = NonNullable<Heartbeat['capabilities']>;

/** How often voice lists that can change while the worker runs are read again. */
const REFRESH_MS = 60_000;

export interface VoicePublisher {
  /** The capabilities for the next heartbeat, after writing catalog rows for voices not published yet. */
  capabilities(): Promise<Capabilities>;
}

/** `queueing.fair`: the worker's FAIR_SCHEDULING, for the registrations it queues (core/jobs.ts). */
export async function startVoicePublisher(db: Db, engines: TtsEngines, logger: Logger, queueing: { fair: boolean }): Promise<VoicePublisher> {
  let published = '';
  let refreshedAt = Date.now(); // the engines have just been warmed up
  let refreshing: Promise<unknown> | undefined;
  const capabilities = async (): Promise<Capabilities> => {
    // In the background: a slow server must never hold up the heartbeat this rides on.
    if (!refreshing && Date.now() - refreshedAt >= REFRESH_MS) {
      refreshedAt = Date.now();
      refreshing = Promise.all(ENGINE_NAMES.map((name) => engines.get(name)?.refreshVoices?.())).finally(() => {
        refreshing = undefined;
      });
    }
    const held = ENGINE_NAMES.flatMap((name) => {
      const engine = engines.get(name);
      return engine ? [{ name, voices: engine.voices(), languageOf: engine.voiceLanguage?.bind(engine) }] : [];
    });
    const voices = describeVoices(held);
    const signature = JSON.stringify(voices);
    if (signature !== published) {
      await upsertPublishedVoices(db, voices);
      published = signature;
      logger.info({ engines: held.map((engine) => engine.name), voices: voices.length }, 'voices published to the catalog');
    }
    return { engines: held.map((engine) => engine.name), voiceIds: voices.map((voice) => voice.id) };
  };
  await capabilities();
  if (engines.get('chatterbox')) {
    const waiting = await selectUnregisteredCustomVoices(db);
    for (const voice of waiting) await addJob(db, 'voice:register', { voiceId: voice.id }, { account: voice.owner_id ?? SYSTEM_ACCOUNT, jobKey: `voice:register:${voice.id}`, fair: queueing.fair });
    if (waiting.length > 0) logger.info({ voices: waiting.length }, 'queued the registration of custom voices with Chatterbox');
  }
  return { capabilities };
}
