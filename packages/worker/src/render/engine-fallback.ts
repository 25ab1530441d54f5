// Which engine voices an episode: the one asked for, then the rest by quality, until one works.
import type { EpisodeRow } from '@castwright/core/db/schema';
import { TransientError } from '@castwright/core/errors';
import type { TtsEngine } from '@castwright/media/tts-engine';
import { castVoices, type Casting, type EngineName } from '@castwright/media/voice-casting';
import { engineOrder, type TtsEngines } from '../tts-engines.ts';
import type { WorkerContext } from '../worker-context.ts';

export interface EngineRender<T> {
  result: T;
  engineUsed: EngineName;
  /** Why engines before the one used were passed over; null when the first choice voiced it. */
  fallbackReason: string | null;
}

/** An engine and how it casts this episode's hosts. */
export interface EngineCasting extends Casting {
  engine: TtsEngine;
}

/**
 * Renders with the first engine that works, in `engineOrder`. One engine voices the
 * whole episode (hosts must not change voice mid-show), so a failure restarts the
 * render on the next engine. `auto` passes over engines that are not set up here
 * without calling it a fallback; an engine asked for by name that is absent is one.
 * A re-render tries the engine that voiced the published audio first: its stored lines
 * are then reused, where another engine would voice every line again. A TransientError
 * (storage away) is no engine's fault: it ends the render, for the job to be retried.
 */
export async function renderWithFallback<T>(
  context: WorkerContext,
  engines: TtsEngines,
  episode: EpisodeRow,
  render: (casting: EngineCasting) => Promise<T>,
  signal: AbortSignal | undefined,
): Promise<EngineRender<T>> {
  const reasons: string[] = [];
  let lastError: unknown;
  const order = engineOrder(episode.tts_engine);
  const published = episode.published_revision !== null ? order.find((name) => name === episode.tts_engine_used) : undefined;
  for (const name of published ? [published, ...order.filter((other) => other !== published)] : order) {
    const engine = engines.get(name);
    if (!engine) {
      if (episode.tts_engine === name) reasons.push(`${name}: ${engines.unavailableReason(name) ?? 'unavailable'}`);
      continue;
    }
    try {
      const result = await render({ engine, ...castVoices(name, episode.voice_style, episode.voice_pair, engine.voices()) });
      // The published engine kept: why it was chosen then still says why it voices the episode.
      const kept = name === published && reasons.length === 0;
      return { result, engineUsed: name, fallbackReason: kept ? episode.tts_fallback_reason : reasons.length > 0 ? reasons.join('; ') : null };
    } catch (error) {
      if (signal?.aborted || error instanceof TransientError) throw error;
      lastError = error;
      reasons.push(`${name}: ${(error as Error).message}`);
      context.logger.warn({ err: error, episodeId: episode.id, engine: name }, 'TTS engine failed; trying the next one');
    }
  }
  throw lastError ?? new Error('No TTS engine is available');
}
