// What a lexicon entry's sample says (GET /api/pronunciations/:id/sample), and the version
// that names it. The api looks a sample up by the version of the entry as it is now, and
// the media worker checks it before voicing, so a changed entry never gets an old sample.
import { createHash } from 'node:crypto';
import { baseLanguage, type BaseLanguage, type Language } from './languages.ts';

/** The entry's fields that change how its sample sounds. */
export interface SampledEntry {
  term: string;
  say_as: string | null;
  ipa: string | null;
  case_sensitive: boolean;
}

/** The catalog voice a sample is said in when the request names none: the built-in voice every media worker has. */
export const DEFAULT_PRONUNCIATION_SAMPLE_VOICE = 'offline:slt';

/** "Once more" in the language of the voice that says the phrase. */
const ONCE_MORE: Record<BaseLanguage, string> = {
  en: 'Once more',
  es: 'Otra vez',
  fr: 'Encore une fois',
  it: 'Ancora una volta',
  pt: 'Mais uma vez',
  hi: 'एक बार फिर',
  ja: 'もう一度',
  zh: '再说一遍',
};

/**
 * A short phrase with the term twice, so it is heard on its own and then in a sentence's
 * flow, in the language of the voice that says it (English by default).
 */
export function pronunciationSamplePhrase(term: string, language: Language = 'en'): string {
  const base = baseLanguage(language);
  // Japanese and Chinese set full-width marks and no spaces between sentences.
  if (base === 'ja' || base === 'zh') return `${term}。${ONCE_MORE[base]}：${term}。`;
  const stop = base === 'hi' ? '।' : '.';
  const colon = base === 'fr' ? ' :' : ':';
  return `${term}${stop} ${ONCE_MORE[base]}${colon} ${term}${stop}`;
}

/**
 * A digest of everything the sample says: the phrase (with the term) and how the entry says
 * the term. A sample is also kept per voice, whose language picks the phrase's words.
 */
export function pronunciationSampleVersion(entry: SampledEntry): string {
  const said = [pronunciationSamplePhrase(entry.term), entry.say_as, entry.ipa, entry.case_sensitive];
  return createHash('sha256').update(JSON.stringify(said)).digest('hex').slice(0, 32);
}
