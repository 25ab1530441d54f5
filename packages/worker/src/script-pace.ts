// The pace a script is sized by, worked out where media may be imported: the voices,
// speed and pauses the voice casting table gives the episode's engine, style and pair,
// and each voice's measured speaking rate. The script writers then size the episode in
// minutes of audio on the engine that will read it.
import type { Config } from '@castwright/core/config';
import type { TtsEngineChoice, VoicePair, VoiceStyle } from '@castwright/core/episode-options';
import type { ScriptPace } from '@castwright/content/script/script-writer';
import { findKokoroInstall } from '@castwright/media/kokoro/kokoro-files';
import { speakingRate } from '@castwright/media/speaking-rates';
import { castVoices, type EngineName } from '@castwright/media/voice-casting';

export function scriptPace(engine: EngineName, style: VoiceStyle, pair: VoicePair): ScriptPace {
  // No installed list: the table's own voices, which are the ones the rates were measured for.
  const casting = castVoices(engine, style, pair, []);
  return {
    wordsPerMinute: {
      'Host 1': speakingRate(engine, casting.voices['Host 1'], casting.speed),
      'Host 2': speakingRate(engine, casting.voices['Host 2'], casting.speed),
    },
    pauseMsBetweenTurns: casting.pauses.speakerChangeMs,
    pauseMsWithinSpeaker: casting.pauses.sameSpeakerMs,
    leadInMs: casting.pauses.leadInMs,
    leadOutMs: casting.pauses.leadOutMs,
  };
}

/**
 * The engine a script is sized for. A named engine is the one it is written for (a
 * fallback at render time may read it at another pace). `auto` is the media worker's
 * own preference (Kokoro › Chatterbox › built-in) applied to what this process can
 * see of the same configuration: Kokoro when its weights are at KOKORO_MODEL_DIR here,
 * Chatterbox when CHATTERBOX_URL is set, else the built-in voice.
 */
export async function engineForPace(choice: TtsEngineChoice, config: Pick<Config, 'kokoro' | 'chatterbox'>): Promise<EngineName> {
  if (choice !== 'auto') return choice;
  if (await findKokoroInstall(config.kokoro.modelDir)) return 'kokoro';
  return config.chatterbox ? 'chatterbox' : 'offline';
}
