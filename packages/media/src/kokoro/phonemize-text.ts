// Text → Kokoro phonemes. eSpeak NG (the `phonemizer` package, WebAssembly)
// turns words into IPA but drops punctuation, which Kokoro uses for prosody, so
// punctuation runs are kept aside and re-joined, as kokoro-js does. A few
// substitutions map eSpeak's spelling onto misaki's, the G2P Kokoro was trained on.
import { phonemize } from 'phonemizer';
import { fillPhonemeSlots, SLOT_CHARACTERS } from './phoneme-slots.ts';

const PUNCTUATION = ';:,.!?¡¿—…"«»“”(){}[]';
/** Punctuation, and the stand-ins of lexicon IPA (phoneme-slots.ts): kept aside, never phonemised. */
const PUNCTUATION_RUN = new RegExp(`(\\s*[${PUNCTUATION.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${SLOT_CHARACTERS}]+\\s*)+`, 'g');

export type PhonemeLanguage = 'en-us' | 'en-gb';

/** eSpeak NG's voice names: its British English voice is plain `en` (as kokoro-js uses it). */
const ESPEAK_VOICE: Record<PhonemeLanguage, string> = { 'en-us': 'en-us', 'en-gb': 'en' };

function toMisaki(phonemes: string, language: PhonemeLanguage): string {
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

/** Phonemes for one stretch of already-normalised text; punctuation kept in place, and each stand-in replaced by its slot's IPA as given. */
export async function phonemizeText(text: string, language: PhonemeLanguage, slots: readonly string[] = []): Promise<string> {
  const voice = ESPEAK_VOICE[language];
  const parts: string[] = [];
  let last = 0;
  for (const match of text.matchAll(PUNCTUATION_RUN)) {
    if (match.index > last) parts.push((await phonemize(text.slice(last, match.index), voice)).join(' '));
    parts.push(match[0]);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push((await phonemize(text.slice(last), voice)).join(' '));
  // After the misaki spellings: the lexicon's IPA reaches Kokoro exactly as written.
  return fillPhonemeSlots(toMisaki(parts.join(''), language), slots).trim();
}
