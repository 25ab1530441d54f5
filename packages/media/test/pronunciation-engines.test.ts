// What each kind of engine says of a lexicon entry: Kokoro its IPA, the text engines its
// respelling or one made from its IPA; and the IPA alphabet the API accepts is exactly
// what Kokoro's vocabulary can say.
import t from 'tap';
import { canonicalIpa, IPA_SYMBOLS, unsayableIpaCharacters } from '@castwright/core/pronunciations';
import { phonemesToTokens, tokensToPhonemes } from '@castwright/media/kokoro/kokoro-vocabulary';
import { pronunciationsFor, respelledText } from '@castwright/media/pronunciation/engine-pronunciations';
import { ipaRespelling } from '@castwright/media/pronunciation/ipa-respelling';

t.test('IPA becomes an English respelling, syllables cut at the stress marks', async (t) => {
  const cases: [string, string][] = [
    ['ˈsiːkwəl', 'seekwul'],
    ['ˌkuːbərˈnɛtiːz', 'koober-neteez'],
    ['kˌuːbɚnˈɛtiːz', 'koober-neteez'], // stress on the vowel, as eSpeak and misaki write it
    ['nˈɛtflɪks', 'netfliks'],
    ['ˈnaɪki', 'nighkee'],
    ['aɪˈdiː', 'eye-dee'],
    ['wɪn', 'win'],
    ['ˈɡɪt hʌb', 'git hub'],
    ['gɪt', 'git'], // a keyboard's g and r
    ['ˈrɛd', 'red'],
    ['ˈtʃɑːtʃ', 'chahch'],
    ['ˈfɑːðɚ', 'fahther'],
    ['ʒɑ̃', 'zhah'], // no nasal vowels in English spelling
    ['ˈʔ', ''],
  ];
  for (const [ipa, respelling] of cases) t.equal(ipaRespelling(ipa), respelling, ipa);
});

t.test('pronunciationsFor: IPA for phoneme engines, a respelling for the others', async (t) => {
  const entries = [
    { term: 'SQL', sayAs: 'sequel', ipa: 'ˈsiːkwəl' },
    { term: 'Nguyen', ipa: 'wɪn', caseSensitive: true },
    { term: 'GIF', sayAs: 'jif' },
    { term: 'Oops', ipa: 'ʔ' },
  ];
  t.same(pronunciationsFor(entries, 'phonemes'), [
    { term: 'SQL', ipa: 'ˈsiːkwəl' },
    { term: 'Nguyen', caseSensitive: true, ipa: 'wɪn' },
    { term: 'GIF', sayAs: 'jif' },
    { term: 'Oops', ipa: 'ʔ' },
  ]);
  t.same(pronunciationsFor(entries, 'respelling'), [
    { term: 'SQL', sayAs: 'sequel' },
    { term: 'Nguyen', caseSensitive: true, sayAs: 'win' },
    { term: 'GIF', sayAs: 'jif' },
  ], 'an IPA-only entry is respelled; one with nothing to respell is left out');
  t.equal(respelledText("Nguyen's SQL and GIF, not nguyen or Oops.", entries), "win's sequel and jif, not nguyen or Oops.");
  t.equal(respelledText('SQL', undefined), 'SQL');
});

t.test('the IPA symbols an entry may use are Kokoro\'s vocabulary less its punctuation', async (t) => {
  const symbols = [...IPA_SYMBOLS].join('');
  t.equal(tokensToPhonemes(phonemesToTokens(symbols)), symbols, 'every symbol is a Kokoro token');
  const punctuation = new Set(';:,.!?—…"()“”');
  const vocabulary = Array.from({ length: 200 }, (_, id) => tokensToPhonemes([id])).filter((character) => character !== '');
  t.same(vocabulary.filter((character) => !punctuation.has(character) && !IPA_SYMBOLS.has(character)), [], 'and every phonetic token is a symbol');
  t.equal(canonicalIpa('  ˈɡɪt   hʌb '), 'ˈɡɪt hʌb');
  t.equal(canonicalIpa('ˈgɪt'), 'ˈɡɪt', 'ASCII g is the IPA ɡ');
  t.equal(canonicalIpa('ã'), 'a\u0303', 'a nasal vowel as base and tilde');
  t.same(unsayableIpaCharacters(canonicalIpa("'siːkwəl")), ['"\'" (U+0027; write ˈ (U+02C8) for primary stress)']);
  t.same(unsayableIpaCharacters(canonicalIpa('/kafé/')), ['"/" (U+002F; leave the slashes around a transcription out)', '"é" (U+00E9)']);
});
