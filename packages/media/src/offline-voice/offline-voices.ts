// The built-in voices: Flite's two English voices (the CMU ARCTIC speakers rms and slt),
// and for every other language eSpeak NG's voice of that language, male and female
// (eSpeak's own variants m3 and f3). eSpeak is formant synthesis: clear but robotic.
import type { Language } from '@castwright/core/languages';
import type { VoiceGender } from '@castwright/core/voices/episode-hosts';
import { ESPEAK_VOICES } from '../espeak/espeak-ng.ts';

export interface OfflineVoice {
  name: string;
  synthesizer: 'flite' | 'espeak';
  language: Language;
  gender: VoiceGender;
  /** What eSpeak NG is given (`es+f3`); Flite takes `name`. */
  espeakVoice?: string;
}

const ESPEAK_LANGUAGES: readonly Language[] = ['es', 'fr', 'it', 'pt-BR', 'hi', 'ja', 'zh'];

export const OFFLINE_VOICES: readonly OfflineVoice[] = [
  { name: 'rms', synthesizer: 'flite', language: 'en', gender: 'male' },
  { name: 'slt', synthesizer: 'flite', language: 'en', gender: 'female' },
  ...ESPEAK_LANGUAGES.flatMap((language): OfflineVoice[] => {
    const base = language.toLowerCase();
    return [
      { name: `${base}-male`, synthesizer: 'espeak', language, gender: 'male', espeakVoice: `${ESPEAK_VOICES[language]}+m3` },
      { name: `${base}-female`, synthesizer: 'espeak', language, gender: 'female', espeakVoice: `${ESPEAK_VOICES[language]}+f3` },
    ];
  }),
];

export function offlineVoice(name: string): OfflineVoice | undefined {
  return OFFLINE_VOICES.find((voice) => voice.name === name);
}
