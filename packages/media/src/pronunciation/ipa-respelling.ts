// IPA → an English respelling, for the engines that take only text (Chatterbox and the
// built-in voice) when a lexicon entry gives only `ipa`. It follows the conventions of
// Wikipedia's pronunciation respelling key: a checked vowel before a consonant is one
// letter ("kit" → "kit"), at the end of a syllable it is spelled out ("ih"), /aɪ/ is "eye"
// at a syllable's start and "igh" after a consonant, r-coloured vowels are "er", "ar",
// "air"…; syllables are cut where the IPA marks stress, and joined with hyphens. It is an
// approximation for English sounds (no tones, no nasal vowels): an entry that gives a
// `sayAs` is said that way instead.

/** [IPA, before a consonant, elsewhere]. */
const VOWELS: [string, string, string?][] = [
  // r-coloured vowels and diphthongs
  ['ɑːɹ', 'ar'], ['ɑɹ', 'ar'], ['ɔːɹ', 'or'], ['ɔɹ', 'or'], ['oːɹ', 'or'], ['oɹ', 'or'],
  ['ɛəɹ', 'air'], ['eəɹ', 'air'], ['ɛɹ', 'air'], ['eɹ', 'air'], ['ɪəɹ', 'eer'], ['ɪɹ', 'eer'], ['iɹ', 'eer'],
  ['ʊəɹ', 'oor'], ['ʊɹ', 'oor'], ['uɹ', 'oor'], ['ɜːɹ', 'ur'], ['ɜɹ', 'ur'], ['əɹ', 'er'], ['ʌɹ', 'ur'],
  ['ɪə', 'eer'], ['ɛə', 'air'], ['eə', 'air'], ['ʊə', 'oor'], ['ɛː', 'air'],
  ['eɪ', 'ay'], ['aɪ', 'igh', 'eye'], ['ɑɪ', 'igh', 'eye'], ['ɔɪ', 'oy'], ['oɪ', 'oy'], ['aʊ', 'ow'], ['ɑʊ', 'ow'],
  ['oʊ', 'oh'], ['əʊ', 'oh'], ['ɔʊ', 'oh'],
  // misaki's one-letter diphthongs
  ['A', 'ay'], ['I', 'igh', 'eye'], ['W', 'ow'], ['Y', 'oy'], ['O', 'oh'], ['Q', 'oh'],
  // long vowels
  ['iː', 'ee'], ['uː', 'oo'], ['ɑː', 'ah'], ['ɔː', 'aw'], ['ɜː', 'ur'], ['aː', 'ah'], ['eː', 'ay'], ['oː', 'oh'],
  // short vowels: checked (one letter) before a consonant, spelled out elsewhere
  ['ɪ', 'i', 'ih'], ['ᵻ', 'i', 'ih'], ['ɨ', 'i', 'ih'], ['ɛ', 'e', 'eh'], ['e', 'e', 'eh'], ['æ', 'a'],
  ['ʌ', 'u', 'uh'], ['ɐ', 'u', 'uh'], ['ə', 'u', 'uh'], ['ᵊ', 'u', 'uh'], ['ɒ', 'o', 'oh'], ['ʊ', 'oo'],
  ['i', 'ee'], ['u', 'oo'], ['a', 'ah'], ['ɑ', 'ah'], ['ɔ', 'aw'], ['o', 'oh'], ['ɚ', 'er'], ['ɝ', 'ur'], ['ɜ', 'ur'],
  ['y', 'ew'], ['ø', 'er'], ['œ', 'er'], ['ɯ', 'oo'], ['ɤ', 'uh'],
];

/** [IPA, respelling]. */
const CONSONANTS: [string, string][] = [
  ['tʃ', 'ch'], ['dʒ', 'j'], ['ʧ', 'ch'], ['ʤ', 'j'], ['ʦ', 'ts'], ['ʣ', 'dz'], ['ʨ', 'ch'], ['ʥ', 'j'],
  ['θ', 'th'], ['ð', 'th'], ['ʃ', 'sh'], ['ʒ', 'zh'], ['ŋ', 'ng'], ['ɡ', 'g'], ['j', 'y'], ['c', 'k'], ['q', 'k'],
  ['ɹ', 'r'], ['r', 'r'], ['ɾ', 't'], ['T', 't'], ['ɻ', 'r'], ['ɽ', 'r'], ['ʁ', 'r'], ['x', 'kh'], ['χ', 'kh'],
  ['ç', 'h'], ['ɕ', 'sh'], ['ʂ', 'sh'], ['S', 'sh'], ['ʝ', 'y'], ['ɟ', 'j'], ['ɲ', 'ny'], ['ɳ', 'n'], ['ɴ', 'ng'],
  ['ɖ', 'd'], ['ʈ', 't'], ['β', 'v'], ['ɸ', 'f'], ['ɣ', 'g'], ['ʋ', 'v'], ['ɰ', 'w'], ['ʎ', 'ly'], ['ɥ', 'w'],
  ...[...'bdfhklmnpstvwz'].map((letter): [string, string] => [letter, letter]),
];

interface Sound {
  consonant: boolean;
  /** Before a consonant. */
  closed: string;
  /** At the end of a syllable, or before a vowel. */
  open: string;
}

/** Every symbol, longest first: "aɪ" is read before "a", "tʃ" before "t". */
const SYMBOLS: [string, Sound][] = [
  ...VOWELS.map(([ipa, closed, open]): [string, Sound] => [ipa, { consonant: false, closed, open: open ?? closed }]),
  ...CONSONANTS.map(([ipa, spelling]): [string, Sound] => [ipa, { consonant: true, closed: spelling, open: spelling }]),
].sort((a, b) => b[0].length - a[0].length);
/** Stress marks cut syllables. */
const SYLLABLE_CUT = /[ˈˌ]/u;

/** The sounds of one syllable-ish chunk: each with its respelling before a consonant and elsewhere. */
function readSounds(chunk: string): Sound[] {
  const sounds: Sound[] = [];
  let rest = chunk;
  while (rest.length > 0) {
    const symbol = SYMBOLS.find(([ipa]) => rest.startsWith(ipa));
    if (symbol) {
      sounds.push(symbol[1]);
      rest = rest.slice(symbol[0].length);
    } else {
      // A mark that says nothing in English spelling (length, nasality, aspiration, the
      // glottal stop, intonation), or a symbol with no English respelling: left out.
      rest = rest.slice(([...rest][0] ?? rest).length);
    }
  }
  return sounds;
}

function spell(sounds: readonly Sound[]): string {
  return sounds
    .map((sound, index) => {
      // "eye" opens a syllable; "igh" follows a consonant ("nighkee").
      if (sound.closed === 'igh') return index === 0 ? sound.open : sound.closed;
      return sounds[index + 1]?.consonant ? sound.closed : sound.open;
    })
    .join('');
}

/**
 * A word's syllables, cut at its stress marks. eSpeak and misaki mark stress on the vowel
 * ("nˈɛtflɪks"), dictionaries before the syllable ("ˈnɛtflɪks"): a syllable that starts with
 * a vowel takes the consonant before it, and a piece with no vowel joins the next one, so
 * both give "net-fliks".
 */
function syllables(word: string): Sound[][] {
  const pieces = word.split(SYLLABLE_CUT).map(readSounds).filter((sounds) => sounds.length > 0);
  const out: Sound[][] = [];
  for (const piece of pieces) {
    const before = out.at(-1);
    if (before && !before.some((sound) => !sound.consonant)) {
      before.push(...piece);
      continue;
    }
    if (before && before.length > 1 && piece[0]?.consonant === false && before.at(-1)?.consonant && before.at(-2)?.consonant === false) {
      piece.unshift(before.pop() as Sound);
    }
    out.push([...piece]);
  }
  return out;
}

/** An English respelling of `ipa` ("ˈsiːkwəl" → "seekwul", "ˌkuːbərˈnɛtiːz" → "koober-neteez"). Empty when nothing in it can be respelled. */
export function ipaRespelling(ipa: string): string {
  return ipa
    .normalize('NFC')
    // One letter each for the r and the g a keyboard has, which IPA writes otherwise.
    .replace(/g/g, 'ɡ')
    .replace(/r/g, 'ɹ')
    .trim()
    .split(/\s+/u)
    .map((word) => syllables(word).map(spell).join('-'))
    .filter(Boolean)
    .join(' ');
}
