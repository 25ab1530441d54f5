// How an engine's voices are described in the catalog (GET /api/voices): a catalog id
// (core/voices/voice-ids.ts), a display name, a language, a gender and a line of
// description. Media workers publish these when they start; the api only reads them.
// Kokoro's voice ids say it all: the first letter is the language, the second the
// gender (`af_heart`: American English, female). The built-in voices are Flite's CMU
// ARCTIC speakers rms and slt for English and eSpeak NG's for every other language
// (offline-voice/offline-voices.ts). A Chatterbox server's library names say nothing more;
// their language is the one each was uploaded with, which the engine reads from the server.
import type { PublishedVoice } from '@castwright/core/repositories/voices';
import { builtInVoiceId, CUSTOM_VOICE_PREFIX } from '@castwright/core/voices/voice-ids';
import type { VoiceGender } from '@castwright/core/voices/episode-hosts';
import { LANGUAGE_NAMES } from '@castwright/core/languages';
import { offlineVoice } from './offline-voice/offline-voices.ts';
import type { EngineName } from './tts-engine.ts';

/** Kokoro's language letters, as BCP 47 tags and in words. */
const KOKORO_LANGUAGES: Record<string, [tag: string, words: string]> = {
  a: ['en-US', 'American English'],
  b: ['en-GB', 'British English'],
  e: ['es', 'Spanish'],
  f: ['fr', 'French'],
  h: ['hi', 'Hindi'],
  i: ['it', 'Italian'],
  j: ['ja', 'Japanese'],
  p: ['pt-BR', 'Brazilian Portuguese'],
  z: ['zh', 'Mandarin Chinese'],
};

const FLITE_DESCRIPTIONS: Record<string, string> = {
  rms: 'The built-in Flite voice of CMU ARCTIC speaker rms: American English, male, synthetic and always available',
  slt: 'The built-in Flite voice of CMU ARCTIC speaker slt: American English, female, synthetic and always available',
};

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** What an engine knows of its voices' languages beyond their names (TtsEngine.voiceLanguage). */
export type VoiceLanguageOf = (voice: string) => string | undefined;

/**
 * The catalog entry of one of an engine's own voices; undefined for a name that is not one
 * (a custom voice's library entry). `languageOf` is the engine's word on the voice's language.
 */
export function describeVoice(engine: EngineName, voice: string, languageOf?: VoiceLanguageOf): PublishedVoice | undefined {
  const id = builtInVoiceId(engine, voice);
  if (!id) return undefined;
  if (engine === 'kokoro') {
    const [tag, words] = KOKORO_LANGUAGES[voice.charAt(0)] ?? ['und', 'an unknown language'];
    const gender: VoiceGender = voice.charAt(1) === 'f' ? 'female' : voice.charAt(1) === 'm' ? 'male' : 'unknown';
    const name = capitalised(voice.slice(voice.indexOf('_') + 1));
    return { id, engine, engineName: voice, name, language: tag, gender, description: `Kokoro neural voice: ${words}${gender === 'unknown' ? '' : `, ${gender}`}` };
  }
  if (engine === 'offline') {
    const known = offlineVoice(voice);
    if (!known) return { id, engine, engineName: voice, name: voice.toUpperCase(), language: 'en-US', gender: 'unknown', description: 'A built-in voice' };
    if (known.synthesizer === 'flite') {
      return { id, engine, engineName: voice, name: voice.toUpperCase(), language: 'en-US', gender: known.gender, description: FLITE_DESCRIPTIONS[voice] ?? 'A built-in Flite voice' };
    }
    const words = LANGUAGE_NAMES[known.language];
    return {
      id,
      engine,
      engineName: voice,
      name: `eSpeak ${words}, ${known.gender}`,
      language: known.language,
      gender: known.gender,
      description: `The built-in eSpeak NG voice: ${words}, ${known.gender}, robotic (formant synthesis) and always available`,
    };
  }
  // Our custom voices sit in the same library under their own ids; they are never shared voices.
  if (voice.startsWith(CUSTOM_VOICE_PREFIX)) return undefined;
  if (voice === 'default') {
    return { id, engine, engineName: voice, name: 'Chatterbox default', language: 'en', gender: 'unknown', description: "The Chatterbox server's configured voice sample" };
  }
  return { id, engine, engineName: voice, name: voice, language: languageOf?.(voice) ?? 'en', gender: 'unknown', description: "A voice in the Chatterbox server's voice library" };
}

/** The catalog entries of every voice the engines list. */
export function describeVoices(engines: readonly { name: EngineName; voices: readonly string[]; languageOf?: VoiceLanguageOf | undefined }[]): PublishedVoice[] {
  return engines.flatMap((engine) => engine.voices.flatMap((voice) => describeVoice(engine.name, voice, engine.languageOf) ?? []));
}
