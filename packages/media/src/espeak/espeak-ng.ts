// eSpeak NG compiled to JavaScript and WebAssembly by Emscripten
// (@echogarden/espeak-ng-emscripten, GPL-3.0, with every language's data): the built-in
// voice of every language but English, and the phonemes Kokoro speaks those languages
// from. One instance per thread, loaded on first use; its calls are synchronous, so a
// voice set and the text said with it can never interleave with another request's.
import type { Language } from '@castwright/core/languages';

/** The calls this project makes on the module's eSpeakNGWorker (it ships no types). */
export interface EspeakInstance {
  /** 0 when the voice exists. `es`, `es+f3` (a voice with a variant). */
  set_voice(voice: string): number;
  /** Words a minute, 80 to 450; eSpeak's default is 175. */
  set_rate(rate: number): number;
  /** Mono 16-bit samples at 22,050 Hz, handed over in pieces. */
  synthesize(text: string, onSamples: (samples: Int16Array | undefined, events: unknown[]) => void): void;
  /** IPA phonemes: phonemes joined by `_`, words by spaces, clauses by line breaks. */
  synthesize_ipa(text: string): { ipa: string };
}

export const ESPEAK_SAMPLE_RATE = 22_050;
/** eSpeak's own rate at speed 1. */
export const ESPEAK_DEFAULT_RATE = 175;

/** eSpeak NG's voice for each language (its British English is plain `en`; Mandarin is `cmn`). */
export const ESPEAK_VOICES: Record<Language, string> = {
  en: 'en-us',
  'en-GB': 'en',
  es: 'es',
  fr: 'fr',
  it: 'it',
  'pt-BR': 'pt-br',
  hi: 'hi',
  ja: 'ja',
  zh: 'cmn',
};

let instance: Promise<EspeakInstance> | undefined;

export function loadEspeak(): Promise<EspeakInstance> {
  instance ??= (async () => {
    const { default: initialize } = await import('@echogarden/espeak-ng-emscripten');
    const module = await initialize();
    return new module.eSpeakNGWorker();
  })();
  instance.catch(() => {
    instance = undefined;
  });
  return instance;
}

/** Sets a voice, or says which one eSpeak does not have. */
export function useVoice(espeak: EspeakInstance, voice: string): void {
  if (espeak.set_voice(voice) !== 0) throw new Error(`eSpeak NG has no voice "${voice}"`);
}
