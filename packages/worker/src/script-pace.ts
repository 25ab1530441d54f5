// The pace a script is sized by, worked out where media may be imported: the voices,
// speed and pauses the voice casting table gives the episode's engine, style and pair,
// and each voice's measured speaking rate. The script writers then size the episode in
// minutes of audio on the engine that will read it.
import type { Config } from '@castwright/core/config';
import { PermanentError } from '@castwright/core/errors';
import type { EpisodeRow } from '@castwright/core/db/schema';
import type { TtsEngineChoice, VoicePair, VoiceStyle } from '@castwright/core/episode-options';
import { SPEAKERS, type Speaker } from '@castwright/core/script-lines';
import type { ScriptPace } from '@castwright/content/script/script-writer';
import { findKokoroInstall } from '@castwright/media/kokoro/kokoro-files';
import { OFFLINE_VOICES } from '@castwright/media/offline-voice/offline-voices';
import { speakingRate } from '@castwright/media/speaking-rates';
import { castVoice, castVoices, type Casting, type EngineName } from '@castwright/media/voice-casting';
import { storedLanguage, type Language } from '@castwright/core/languages';
import { castEpisode, languageGap, requestedEngine } from './render/engine-fallback.ts';

export function scriptPace(engine: EngineName, style: VoiceStyle, pair: VoicePair, language: Language = 'en'): ScriptPace {
  // No installed list: the table's own voices, which are the ones the rates were measured for.
  return paceOf(engine, castVoices(engine, style, pair, [], language));
}

/**
 * The pace of an episode: its named hosts' voices, or the table's voices for its style,
 * pair and language, on the engine expected to read it, cast from the voices that engine
 * has here (as the render casts them: a host whose own voice that engine cannot use is
 * given the closest voice of the episode's language).
 */
export async function episodePace(
  episode: Pick<EpisodeRow, 'hosts' | 'tts_engine' | 'voice_style' | 'voice_pair'> & Partial<Pick<EpisodeRow, 'language'>>,
  config: Pick<Config, 'kokoro' | 'chatterbox'>,
): Promise<ScriptPace> {
  const language = storedLanguage(episode.language);
  const engine = await engineForPace(requestedEngine(episode), config, language);
  let casting: Casting;
  try {
    casting = castEpisode(engine, episode, await voicesForPace(engine, config));
  } catch (error) {
    // No retry casts differently: the hosts have to change.
    throw new PermanentError(`The hosts cannot be voiced on the ${engine} engine (${(error as Error).message}); choose voices GET /api/voices lists as available`, { cause: error });
  }
  return paceOf(engine, casting);
}

/**
 * The voices an engine has, as far as this process can see: the built-in voice's are
 * fixed; Kokoro's are the voice files at KOKORO_MODEL_DIR here (none when the weights are
 * only on the media workers: hosts then keep their own Kokoro voices and the table's
 * voices are used); a Chatterbox library is only known to the media workers.
 */
async function voicesForPace(engine: EngineName, config: Pick<Config, 'kokoro'>): Promise<readonly string[]> {
  if (engine === 'offline') return OFFLINE_VOICES.map((voice) => voice.name);
  if (engine === 'kokoro') return (await findKokoroInstall(config.kokoro.modelDir))?.voices ?? [];
  return [];
}

function paceOf(engine: EngineName, casting: Casting): ScriptPace {
  const rate = (speaker: Speaker) => speakingRate(engine, castVoice(casting, speaker), casting.speed);
  const more = SPEAKERS.slice(2).filter((speaker) => casting.voices[speaker] !== undefined);
  return {
    wordsPerMinute: { 'Host 1': rate('Host 1'), 'Host 2': rate('Host 2'), ...Object.fromEntries(more.map((speaker) => [speaker, rate(speaker)])) },
    pauseMsBetweenTurns: casting.pauses.speakerChangeMs,
    pauseMsWithinSpeaker: casting.pauses.sameSpeakerMs,
    leadInMs: casting.pauses.leadInMs,
    leadOutMs: casting.pauses.leadOutMs,
  };
}

/**
 * The engine a script is sized for. A named engine is the one it is written for (a
 * fallback at render time may read it at another pace), unless it has no voice of the
 * episode's language at all (Chatterbox outside English): the render passes it over, so
 * the script is sized as for `auto`. `auto` is the media worker's own preference (Kokoro ›
 * Chatterbox › built-in) applied to what this process can see of the same configuration
 * and the episode's language: Kokoro when its weights and a voice of the language are at
 * KOKORO_MODEL_DIR here, Chatterbox for English when CHATTERBOX_URL is set, else the
 * built-in voice.
 */
export async function engineForPace(choice: TtsEngineChoice | EngineName, config: Pick<Config, 'kokoro' | 'chatterbox'>, language: Language = 'en'): Promise<EngineName> {
  // Kokoro's voice files cover every supported language; which are installed is the media workers' business.
  if (choice === 'offline' || choice === 'kokoro') return choice;
  if (choice === 'chatterbox' && !languageGap('chatterbox', ['default'], language)) return choice;
  const kokoro = await findKokoroInstall(config.kokoro.modelDir);
  if (kokoro && !languageGap('kokoro', kokoro.voices, language)) return 'kokoro';
  return config.chatterbox && !languageGap('chatterbox', ['default'], language) ? 'chatterbox' : 'offline';
}
