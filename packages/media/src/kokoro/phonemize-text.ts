// Text → Kokoro phonemes. eSpeak NG turns words into IPA but drops punctuation, which
// Kokoro uses for prosody, so punctuation runs are kept aside and re-joined, as kokoro-js
// does. English goes through the `phonemizer` package (eSpeak NG's English data in
// WebAssembly), with a few substitutions mapping eSpeak's spelling onto misaki's, the G2P
// Kokoro was trained on. Every other language goes through the full eSpeak NG
// (espeak/espeak-ng.ts) with its language's voice, IPA as eSpeak writes it; Japanese is
// read into kana first (kanji are beyond eSpeak). Kokoro's Japanese and Mandarin voices
// were trained on misaki's G2P (pyopenjtalk, pinyin tones), not eSpeak's, so they speak
// those languages less naturally than Kokoro upstream does.
import { phonemize } from 'phonemizer';
import type { Language } from '@castwright/core/languages';
import { ESPEAK_VOICES, loadEspeak, useVoice } from '../espeak/espeak-ng.ts';
import { japaneseReading } from '../espeak/japanese-readings.ts';
import { fillPhonemeSlots, SLOT_CHARACTERS } from './phoneme-slots.ts';

const PUNCTUATION = ';:,.!?¡¿—…"«»“”(){}[]';
/** Punctuation, and the stand-ins of lexicon IPA (phoneme-slots.ts): kept aside, never phonemised. */
const PUNCTUATION_RUN = new RegExp(`(\\s*[${PUNCTUATION.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${SLOT_CHARACTERS}]+\\s*)+`, 'g');

/** English by accent (a voice's own), or another language by its tag. */
export type PhonemeLanguage = 'en-us' | 'en-gb' | Exclude<Language, 'en' | 'en-GB'>;

/** eSpeak NG's voice names: its British English voice is plain `en` (as kokoro-js uses it). */
const ESPEAK_VOICE: Record<'en-us' | 'en-gb', string> = { 'en-us': 'en-us', 'en-gb': 'en' };

function isEnglishAccent(language: PhonemeLanguage): language is 'en-us' | 'en-gb' {
  return language === 'en-us' || language === 'en-gb';
}

/** One stretch of text without punctuation, in IPA. */
async function phonemesOf(text: string, language: PhonemeLanguage): Promise<string> {
  if (isEnglishAccent(language)) return (await phonemize(text, ESPEAK_VOICE[language])).join(' ');
  const espeak = await loadEspeak();
  const said = language === 'ja' ? await japaneseReading(text) : text;
  useVoice(espeak, ESPEAK_VOICES[language]);
  // Phonemes joined by "_", clauses by line breaks, and "(en)" where eSpeak switched language for a word.
  return espeak.synthesize_ipa(said).ipa.replace(/\([a-z-]+\)/g, '').replace(/_/g, '').replace(/\s+/g, ' ').trim();
}

function toMisaki(phonemes: string, language: 'en-us' | 'en-gb'): string {
  const out = phonemes
    .replace(/ʲ/g, 'j')
    .replace(/r/g, 'ɹ')
    .replace(/x/g, 'k')
    .replace(/ɬ/g, 'l')
    // eSpeak glues "hundred" to the number before it ("nˈaɪntiːnhˈʌndɹɪd").
    .replace(/(?<=[a-zɹː])(?=hˈʌndɹɪd)/g, ' ')
    .replace(/ z(?=[;:,.!?¡¿—…"«»“” ]|$)/g, 'z');
  // American flapped t in "ninety" etc.
  return language === 'en-us' ? out.replace(/(?<=nˈaɪn)ti(?!ː)/g, 'di') : out;
}

/** Japanese, Chinese and Hindi punctuation as the marks Kokoro knows (its vocabulary has only these). */
function asciiPunctuation(text: string): string {
  const marks: Record<string, string> = { '。': '. ', '．': '. ', '।': '. ', '、': ', ', '，': ', ', '！': '! ', '？': '? ', '：': ': ', '；': '; ', '「': '"', '」': '"', '『': '"', '』': '"' };
  return text.replace(/[。．।、，！？：；「」『』]/gu, (mark) => marks[mark] ?? mark);
}

/** Phonemes for one stretch of already-normalised text; punctuation kept in place, and each stand-in replaced by its slot's IPA as given. */
export async function phonemizeText(text: string, language: PhonemeLanguage, slots: readonly string[] = []): Promise<string> {
  const parts: string[] = [];
  let last = 0;
  text = isEnglishAccent(language) ? text : asciiPunctuation(text);
  for (const match of text.matchAll(PUNCTUATION_RUN)) {
    if (match.index > last) parts.push(await phonemesOf(text.slice(last, match.index), language));
    parts.push(match[0]);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(await phonemesOf(text.slice(last), language));
  const joined = parts.join('');
  // After the misaki spellings: the lexicon's IPA reaches Kokoro exactly as written.
  return fillPhonemeSlots(isEnglishAccent(language) ? toMisaki(joined, language) : joined, slots).trim();
}
