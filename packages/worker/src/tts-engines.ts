// The TTS engines a media worker holds, loaded once per process: Kokoro when its
// weights are installed, Chatterbox when CHATTERBOX_URL is set, and the built-in
// offline voice always. An engine that cannot start is left out with a logged
// reason; episodes that ask for it fall back and record why. Each engine has the
// worker's voicing slots for it (VOICING_SLOTS, or its device's default), which the
// renders running at once share.
import type { Config } from '@castwright/core/config';
import type { TtsEngineChoice } from '@castwright/core/episode-options';
import type { Logger } from '@castwright/core/logger';
import { ChatterboxEngine } from '@castwright/media/chatterbox/chatterbox-engine';
import { ChatterboxError } from '@castwright/media/chatterbox/chatterbox-error';
import { configureFfmpegTools } from '@castwright/media/ffmpeg-tools';
import { findKokoroInstall } from '@castwright/media/kokoro/kokoro-files';
import { KokoroEngine } from '@castwright/media/kokoro/kokoro-engine';
import { OfflineVoiceEngine } from '@castwright/media/offline-voice/offline-voice-engine';
import type { TtsEngine } from '@castwright/media/tts-engine';
import type { EngineName } from '@castwright/media/voice-casting';
import { VoicingSlots } from '@castwright/media/voicing-slots';

/** `auto`'s preference: local neural voices, then the Chatterbox server, then the built-in voice. */
const QUALITY_ORDER: readonly EngineName[] = ['kokoro', 'chatterbox', 'offline'];

/** Every engine a media worker may hold. */
export const ENGINE_NAMES: readonly EngineName[] = QUALITY_ORDER;

export interface TtsEngines {
  get(name: EngineName): TtsEngine | undefined;
  /** The engine's voicing slots, shared by the renders this worker runs at once; undefined when the engine is not here. */
  slots(name: EngineName): VoicingSlots | undefined;
  /** The Chatterbox engine, whose server keeps the custom voices' library; undefined when not configured. */
  voiceLibrary(): ChatterboxEngine | undefined;
  /** Why an engine is not available here (not installed, not configured, failed to load). */
  unavailableReason(name: EngineName): string | undefined;
  close(): Promise<void>;
}

/** The engines to try for an episode, in order: the one asked for (or its hosts' voices are of), then the rest by quality. */
export function engineOrder(requested: TtsEngineChoice | EngineName): EngineName[] {
  return requested === 'auto' ? [...QUALITY_ORDER] : [requested, ...QUALITY_ORDER.filter((name) => name !== requested)];
}

export async function openTtsEngines(config: Config, logger: Logger): Promise<TtsEngines> {
  const tools = configureFfmpegTools({
    ...(config.ffmpegPath ? { ffmpeg: config.ffmpegPath } : {}),
    ...(config.ffprobePath ? { ffprobe: config.ffprobePath } : {}),
  });
  const engines = new Map<EngineName, TtsEngine>();
  const reasons = new Map<EngineName, string>();
  let library: ChatterboxEngine | undefined;

  if (await findKokoroInstall(config.kokoro.modelDir)) {
    try {
      const kokoro = await KokoroEngine.open({
        modelDir: config.kokoro.modelDir,
        device: config.kokoro.device,
        ...(config.voicingSlots === undefined ? {} : { slots: config.voicingSlots }),
        logger,
      });
      await kokoro.warmUp();
      engines.set('kokoro', kokoro);
    } catch (error) {
      reasons.set('kokoro', `failed to load: ${(error as Error).message}`);
      logger.error({ err: error }, 'Kokoro could not be loaded; episodes will use the next engine');
    }
  } else {
    reasons.set('kokoro', `not installed in ${config.kokoro.modelDir}`);
  }

  if (config.chatterbox) {
    const chatterbox = new ChatterboxEngine(config.chatterbox);
    // Kept even when the server is down or still loading its model now: it may come up
    // later, a render waits for a loading model (CHATTERBOX_LOAD_WAIT_MS), and a failing
    // request falls back per episode. The warm-up only reports.
    await chatterbox.warmUp().catch((error: unknown) =>
      logger.warn({ err: error }, error instanceof ChatterboxError && error.loading ? 'Chatterbox is still loading its model' : 'Chatterbox is not reachable yet'),
    );
    engines.set('chatterbox', chatterbox);
    library = chatterbox;
  } else {
    reasons.set('chatterbox', 'not configured (CHATTERBOX_URL)');
  }

  const offline = new OfflineVoiceEngine(config.voicingSlots === undefined ? {} : { slots: config.voicingSlots });
  await offline.warmUp();
  engines.set('offline', offline);

  // Chatterbox has one slot: its server gets one line at a time from each worker.
  const slots = new Map([...engines].map(([name, engine]) => [name, new VoicingSlots(engine.slots ?? 1)]));
  logger.info(
    { engines: [...engines.keys()], slots: Object.fromEntries([...slots].map(([name, pool]) => [name, pool.size])), unavailable: Object.fromEntries(reasons), ffmpeg: tools.ffmpeg },
    'TTS engines ready',
  );
  return {
    get: (name) => engines.get(name),
    slots: (name) => slots.get(name),
    voiceLibrary: () => library,
    unavailableReason: (name) => reasons.get(name),
    async close() {
      for (const engine of engines.values()) await engine.close();
    },
  };
}
