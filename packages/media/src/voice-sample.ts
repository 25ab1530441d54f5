// A voice's sample (GET /api/voices/:id/sample): one fixed sentence in that voice,
// trimmed and faded as a rendered line is, then mastered to the podcast loudness and
// encoded as the episodes are (master-mp3.ts), so voices compare fairly by ear. A lexicon
// entry's sample (GET /api/pronunciations/:id/sample) is the same with its own phrase and
// the entry applied, as an episode's line applies it.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { baseLanguage, matchLanguage, type BaseLanguage, type Language } from '@castwright/core/languages';
import { masterMp3 } from './master-mp3.ts';
import type { PronunciationEntry } from './segment-key.ts';
import type { TtsEngine } from './tts-engine.ts';
import { voicedClip } from './voiced-clip.ts';
import { encodeWavFloat32 } from './wav.ts';

/** What every sample says: varied sounds and a question, at an easy length. */
export const SAMPLE_SENTENCE =
  'Hello, and welcome to the show. This is how I sound when I read a story aloud: clear, steady, and easy to follow. Shall we begin?';

/** The same words in each language, for a voice of that language. */
const SAMPLE_SENTENCES: Record<BaseLanguage, string> = {
  en: SAMPLE_SENTENCE,
  es: 'Hola, y bienvenidos al programa. Así sueno cuando leo una historia en voz alta: con claridad, con calma y fácil de seguir. ¿Empezamos?',
  fr: "Bonjour, et bienvenue dans l'émission. Voici ma voix quand je lis une histoire à voix haute : claire, posée et facile à suivre. On commence ?",
  it: 'Ciao, e benvenuti alla trasmissione. Ecco come suono quando leggo una storia ad alta voce: chiara, calma e facile da seguire. Cominciamo?',
  pt: 'Olá, e bem-vindos ao programa. É assim que eu soo quando leio uma história em voz alta: clara, tranquila e fácil de acompanhar. Vamos começar?',
  hi: 'नमस्ते, और कार्यक्रम में आपका स्वागत है। कहानी ज़ोर से पढ़ते समय मेरी आवाज़ ऐसी सुनाई देती है: साफ़, ठहरी हुई और समझने में आसान। क्या हम शुरू करें?',
  ja: 'こんにちは、番組へようこそ。物語を声に出して読むと、このような声になります。はっきりと、落ち着いて、聞き取りやすく。さあ、始めましょうか？',
  zh: '你好，欢迎收听本节目。这就是我朗读故事时的声音：清晰、平稳、容易听懂。我们开始吧？',
};

export interface VoiceSampleOptions {
  engine: TtsEngine;
  voice: string;
  title: string;
  workDir: string;
  signal?: AbortSignal;
  /** The voice's catalog language: what it speaks and how the engine phonemises (English for one Castwright does not speak). */
  language?: string;
  /** What it says (the sample sentence in the voice's language when left out). */
  text?: string;
  /** Lexicon entries said where their terms occur in `text` (the engine says them as in an episode). */
  pronunciations?: readonly PronunciationEntry[];
}

/** The language a voice's catalog tag names, among those Castwright speaks; English otherwise. */
export function sampleLanguage(tag: string | undefined): Language {
  const match = tag ? matchLanguage(tag) : undefined;
  return match && 'language' in match ? match.language : 'en';
}

/** Voices the text with `voice` on `engine` into `workDir`, in the voice's own language; returns the MP3's path. */
export async function makeVoiceSample(options: VoiceSampleOptions): Promise<string> {
  const { engine, voice, workDir, signal, pronunciations } = options;
  const language = sampleLanguage(options.language);
  const audio = await engine.synthesize({
    text: options.text ?? SAMPLE_SENTENCES[baseLanguage(language)],
    voice,
    language,
    ...(signal ? { signal } : {}),
    ...(pronunciations && pronunciations.length > 0 ? { pronunciations } : {}),
  });
  const clip = voicedClip(audio);
  const wavFile = path.join(workDir, 'sample.wav');
  const mp3File = path.join(workDir, 'sample.mp3');
  await writeFile(wavFile, encodeWavFloat32(clip.samples, clip.sampleRate));
  await masterMp3({ input: wavFile, output: mp3File, metadata: { title: options.title, artist: 'Castwright' }, ...(signal ? { signal } : {}) });
  return mp3File;
}
