// Which engine voices an episode: the one asked for, then the rest by quality, until one works.
import type { EpisodeRow } from '@castwright/core/db/schema';
import type { RenderOptions, RenderResult } from '@castwright/media/render-script';
import { castVoices } from '@castwright/media/voice-casting';
import { engineOrder, type TtsEngines } from '../tts-engines.ts';
import type { WorkerContext } from '../worker-context.ts';

export interface EngineRender {
  result: RenderResult;
  engineUsed: string;
  /** Why engines before the one used were passed over; null when the first choice voiced it. */
  fallbackReason: string | null;
}

/**
 * Renders with the first engine that works, in `engineOrder`. One engine voices the
 * whole episode (hosts must not change voice mid-show), so a failure restarts the
 * render on the next engine. `auto` passes over engines that are not set up here
 * without calling it a fallback; an engine asked for by name that is absent is one.
 */
export async function renderWithFallback(
  context: WorkerContext,
  engines: TtsEngines,
  episode: EpisodeRow,
  render: (options: Pick<RenderOptions, 'engine' | 'voiceFor' | 'speed' | 'pauses'>) => Promise<RenderResult>,
  signal: AbortSignal | undefined,
): Promise<EngineRender> {
  const reasons: string[] = [];
  let lastError: unknown;
  for (const name of engineOrder(episode.tts_engine)) {
    const engine = engines.get(name);
    if (!engine) {
      if (episode.tts_engine === name) reasons.push(`${name}: ${engines.unavailableReason(name) ?? 'unavailable'}`);
      continue;
    }
    const casting = castVoices(name, episode.voice_style, episode.voice_pair, engine.voices());
    try {
      const result = await render({
        engine,
        voiceFor: (speaker) => casting.voices[speaker],
        speed: casting.speed,
        pauses: casting.pauses,
      });
      return { result, engineUsed: name, fallbackReason: reasons.length > 0 ? reasons.join('; ') : null };
    } catch (error) {
      if (signal?.aborted) throw error;
      lastError = error;
      reasons.push(`${name}: ${(error as Error).message}`);
      context.logger.warn({ err: error, episodeId: episode.id, engine: name }, 'TTS engine failed; trying the next one');
    }
  }
  throw lastError ?? new Error('No TTS engine is available');
}
