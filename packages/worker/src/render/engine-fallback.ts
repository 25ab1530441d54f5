// Which engine voices an episode: the one asked for (or the one its named hosts' voices
// belong to), then the rest by quality, until one works; an engine without a voice of
// the episode's language is passed over (Chatterbox the languages of its voices: English
// by `default`, others by library voices uploaded with them; Kokoro the languages it has
// voice files of; the built-in voice every supported language).
import type { EpisodeRow } from '@castwright/core/db/schema';
import type { TtsEngineChoice } from '@castwright/core/episode-options';
import { TransientError } from '@castwright/core/errors';
import { labelledHosts } from '@castwright/core/voices/episode-hosts';
import { isCustomVoiceId } from '@castwright/core/voices/voice-ids';
import type { TtsEngine } from '@castwright/media/tts-engine';
import type { VoiceLanguageOf } from '@castwright/media/voice-catalog';
import type { VoicingSlots } from '@castwright/media/voicing-slots';
import { castHosts, castVoices, hostVoiceOnEngine, voicesOfLanguage, type CastHost, type Casting, type EngineName } from '@castwright/media/voice-casting';
import { LANGUAGE_NAMES, storedLanguage, type Language } from '@castwright/core/languages';
import { engineOrder, type TtsEngines } from '../tts-engines.ts';
import type { WorkerContext } from '../worker-context.ts';

export interface EngineRender<T> {
  result: T;
  engineUsed: EngineName;
  /** Why engines before the one used were passed over, and hosts recast on it; null when the first choice voiced it as asked. */
  fallbackReason: string | null;
}

/** An engine, how it casts this episode's hosts, and the language they speak. */
export interface EngineCasting extends Casting {
  engine: TtsEngine;
  language: Language;
  /** The worker's voicing slots for the engine, shared with the other renders it runs. */
  slots?: VoicingSlots;
}

/** An episode's named hosts as the casting takes them; undefined for an episode voiced by hostMode/voicePair. */
function castHostsOf(episode: Pick<EpisodeRow, 'hosts'>): CastHost[] | undefined {
  return episode.hosts && episode.hosts.length > 0 ? labelledHosts(episode.hosts) : undefined;
}

/** The engine an episode is meant for: its hosts' (all on one engine), else the one asked for. */
export function requestedEngine(episode: Pick<EpisodeRow, 'hosts' | 'tts_engine'>): TtsEngineChoice | EngineName {
  const first = castHostsOf(episode)?.[0];
  return (first && hostVoiceOnEngine(first.voice)?.engine) || episode.tts_engine;
}

/**
 * The voices, speed and pauses of an episode on one engine: its named hosts, or the
 * voiceStyle/voicePair table. Accounts' custom voices sit in the Chatterbox library
 * beside the shared ones; they are never cast for anyone else (a host names its own).
 */
export function castEpisode(
  engine: EngineName,
  episode: Pick<EpisodeRow, 'hosts' | 'voice_style' | 'voice_pair'> & Partial<Pick<EpisodeRow, 'language'>>,
  installed: readonly string[],
  languageOf?: VoiceLanguageOf,
): Casting {
  const hosts = castHostsOf(episode);
  const shared = installed.filter((voice) => !isCustomVoiceId(voice));
  const language = storedLanguage(episode.language);
  return hosts
    ? castHosts(engine, episode.voice_style, episode.voice_pair, hosts, shared, language, languageOf)
    : castVoices(engine, episode.voice_style, episode.voice_pair, shared, language, languageOf);
}

/** Why an engine set up here cannot voice the episode's language; undefined when it can. */
export function languageGap(engine: EngineName, voices: readonly string[], language: Language, languageOf?: VoiceLanguageOf): string | undefined {
  if (voicesOfLanguage(engine, voices, language, languageOf).length > 0) return undefined;
  return `it has no ${LANGUAGE_NAMES[language]} voice`;
}

/**
 * Renders with the first engine that works, in `engineOrder`. One engine voices the
 * whole episode (hosts must not change voice mid-show), so a failure restarts the
 * render on the next engine, where named hosts get the closest voices by gender.
 * `auto` passes over engines that are not set up here without calling it a fallback;
 * an engine asked for by name (or by the hosts' voices) that is absent is one.
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
  const requested = requestedEngine(episode);
  const language = storedLanguage(episode.language);
  const order = engineOrder(requested);
  const published = episode.published_revision !== null ? order.find((name) => name === episode.tts_engine_used) : undefined;
  for (const name of published ? [published, ...order.filter((other) => other !== published)] : order) {
    const engine = engines.get(name);
    const languageOf = engine?.voiceLanguage?.bind(engine);
    let gap = engine && languageGap(name, engine.voices(), language, languageOf);
    if (gap && engine?.refreshVoices) {
      // A library its operator uploads to may have a voice of the language by now.
      await engine.refreshVoices();
      gap = languageGap(name, engine.voices(), language, languageOf);
    }
    if (!engine || gap) {
      if (requested === name) reasons.push(`${name}: ${gap ?? engines.unavailableReason(name) ?? 'unavailable'}`);
      continue;
    }
    try {
      const casting = castEpisode(name, episode, engine.voices(), languageOf);
      const slots = engines.slots(name);
      const result = await render({ engine, ...casting, language, ...(slots ? { slots } : {}) });
      // The published engine kept: why it was chosen then still says why it voices the episode.
      if (name === published && reasons.length === 0) return { result, engineUsed: name, fallbackReason: episode.tts_fallback_reason };
      const recast = casting.recast ? [`hosts recast by gender on ${name}: ${casting.recast.join(', ')}`] : [];
      return { result, engineUsed: name, fallbackReason: reasons.length + recast.length > 0 ? [...reasons, ...recast].join('; ') : null };
    } catch (error) {
      if (signal?.aborted || error instanceof TransientError) throw error;
      lastError = error;
      reasons.push(`${name}: ${(error as Error).message}`);
      context.logger.warn({ err: error, episodeId: episode.id, engine: name }, 'TTS engine failed; trying the next one');
    }
  }
  throw lastError ?? new Error('No TTS engine is available');
}
