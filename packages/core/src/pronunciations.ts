// The rules of an account's pronunciation lexicon that more than one role applies: the
// documented bounds, what makes two entries the same term, and the IPA alphabet an entry
// may use. The API validates entries with them; the media worker says them.

export const PRONUNCIATION_LIMITS = {
  termMaxLength: 100,
  sayAsMaxLength: 200,
  ipaMaxLength: 200,
  /** Entries one account may hold. */
  entriesPerAccount: 500,
} as const;

/**
 * The IPA symbols an entry's `ipa` may use: the phonetic part of Kokoro-82M's input
 * vocabulary (misaki's IPA: letters, the combining tilde of nasal vowels, stress and length
 * marks, aspiration and palatalisation, intonation arrows, and misaki's one-letter
 * diphthongs A I O Q W Y), plus the space between words. Kokoro's punctuation tokens are not
 * IPA and are refused. ASCII `g` is taken as the IPA `ɡ` (see `canonicalIpa`).
 * media's Kokoro tests check this against the vocabulary, so the two cannot drift apart.
 */
export const IPA_SYMBOLS: ReadonlySet<string> = new Set([
  ' ', '\u0303', 'ʣ', 'ʥ', 'ʦ', 'ʨ', 'ᵝ', 'ꭧ', 'A', 'I', 'O', 'Q', 'S', 'T', 'W', 'Y', 'ᵊ',
  ...'abcdefhijklmnopqrstuvwxyz',
  ...'ɑɐɒæβɔɕçɖðʤəɚɛɜɟɡɥɨɪʝɯɰŋɳɲɴøɸθœɹɾɻʁɽʂʃʈʧʊʋʌɣɤχʎʒʔˈˌːʰʲ↓→↗↘ᵻ',
]);

/** What people type for an IPA symbol they cannot reach, named in the refusal. */
const IPA_HINTS: Record<string, string> = {
  "'": 'write ˈ (U+02C8) for primary stress',
  '’': 'write ˈ (U+02C8) for primary stress',
  ',': 'write ˌ (U+02CC) for secondary stress',
  ':': 'write ː (U+02D0) for length',
  '.': 'leave syllable breaks out',
  '/': 'leave the slashes around a transcription out',
  '[': 'leave the brackets around a transcription out',
  ']': 'leave the brackets around a transcription out',
};

/** Collapses whitespace and trims, after Unicode NFC: the form terms and respellings are stored and matched in. */
export function lexiconText(text: string): string {
  return text.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/** What makes two entries the same term: the term as written when case matters, lower-cased when it does not. */
export function pronunciationTermKey(term: string, caseSensitive: boolean): string {
  const text = lexiconText(term);
  return caseSensitive ? text : text.toLowerCase();
}

/**
 * The IPA as stored and said: NFC, whitespace collapsed, ASCII `g` as `ɡ` (the two look the
 * same; Kokoro knows only the IPA letter), and a precomposed letter that Kokoro lacks (`ã`)
 * decomposed into a base and a mark it has (`a` + U+0303).
 */
export function canonicalIpa(ipa: string): string {
  let out = '';
  for (const character of lexiconText(ipa).replaceAll('g', 'ɡ')) {
    const parts = character.normalize('NFD');
    out += IPA_SYMBOLS.has(character) || ![...parts].every((part) => IPA_SYMBOLS.has(part)) ? character : parts;
  }
  return out;
}

/** Each character of a canonical IPA string that is not an IPA symbol Kokoro can say, named for a person ("é (U+00E9)"). */
export function unsayableIpaCharacters(ipa: string): string[] {
  const bad = [...new Set(ipa)].filter((character) => !IPA_SYMBOLS.has(character));
  return bad.map((character) => {
    const code = `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
    const hint = IPA_HINTS[character];
    return `${JSON.stringify(character)} (${code}${hint ? `; ${hint}` : ''})`;
  });
}
