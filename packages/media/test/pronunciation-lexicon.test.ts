// Where lexicon terms are found in a line: whole words, case rules, overlaps, several
// words, punctuation and non-ASCII text.
import t from 'tap';
import { Lexicon, replaceTerms } from '@castwright/media/pronunciation/lexicon';
import type { PronunciationEntry } from '@castwright/media/segment-key';

/** The matched stretches of `text`, in order. */
function found(entries: PronunciationEntry[], text: string): string[] {
  const line = text.normalize('NFC');
  return new Lexicon(entries).matches(text).map((match) => line.slice(match.start, match.end));
}

/** The line with every match replaced by its entry's sayAs in brackets. */
function said(entries: PronunciationEntry[], text: string): string {
  return replaceTerms(text, entries, (entry) => `[${entry.sayAs}]`);
}

t.test('whole words only, by Unicode word boundaries', async (t) => {
  const sql = [{ term: 'SQL', sayAs: 'sequel' }];
  t.same(found(sql, 'SQL and SQLite and MySQL and NoSQL'), ['SQL'], 'not inside longer words');
  t.equal(said(sql, "SQL's syntax"), "[sequel]'s syntax", 'a possessive still says the term');
  t.equal(said(sql, 'SQL’s syntax'), '[sequel]’s syntax', 'with a typographic apostrophe too');
  t.equal(said([{ term: 'don', sayAs: 'dawn' }], "don't Don"), "don't [dawn]", 'a contraction is one word, not a possessive');
  t.equal(said([{ term: 'Node', sayAs: 'node' }], 'Node.js runs; so does Node.'), 'Node.js runs; so does [node].', 'a dotted name is one word; a full stop ends one');
  t.equal(said([{ term: 'mail', sayAs: 'male' }], 'e-mail and mail'), 'e-[male] and [male]', 'a hyphen separates words');
  t.equal(said([{ term: '3', sayAs: 'three' }], '3.5 or 3'), '3.5 or [three]', 'a decimal is one word');
});

t.test('any capitalisation by default; exactly as written when case-sensitive', async (t) => {
  t.same(found([{ term: 'nasa', sayAs: 'nassa' }], 'NASA, Nasa and nasa'), ['NASA', 'Nasa', 'nasa']);
  t.same(found([{ term: 'US', sayAs: 'you ess', caseSensitive: true }], 'The US told us'), ['US']);
  t.equal(
    said([{ term: 'Go', sayAs: 'go lang', caseSensitive: true }, { term: 'go', sayAs: 'gow' }], 'Go on, go and GO.'),
    '[go lang] on, [gow] and [gow].',
    'where both match, the case-sensitive entry wins',
  );
});

t.test('overlapping terms: the longest wins, then the earliest', async (t) => {
  const entries = [{ term: 'York', sayAs: 'york' }, { term: 'New York', sayAs: 'noo york' }, { term: 'New York Times', sayAs: 'the times' }];
  t.equal(said(entries, 'The New York Times of New York, and York.'), 'The [the times] of [noo york], and [york].');
  t.equal(said([{ term: 'a b', sayAs: 'first' }, { term: 'b c', sayAs: 'second' }], 'a b c'), '[first] c', 'equal lengths: the earlier one');
  t.equal(said([{ term: 'a b', sayAs: 'first' }, { term: 'b c d', sayAs: 'longer' }], 'a b c d'), 'a [longer]', 'the longest, even when it starts later');
  const lexicon = new Lexicon(entries);
  t.same(lexicon.entriesIn('Read The New York Times.').map((entry) => entry.term), ['New York Times'], 'an entry covered by a longer one does not apply');
  t.same(lexicon.entriesIn('York or New York?').map((entry) => entry.term), ['York', 'New York'], 'each entry once, in the lexicon\'s order');
  t.same(lexicon.entriesIn('Nothing here.'), []);
});

t.test('multi-word terms match across any whitespace', async (t) => {
  const entries = [{ term: ' machine   learning ', sayAs: 'M L' }];
  t.same(found(entries, 'Machine learning, machine\nlearning and machine\u00a0 learning; machinelearning.'), ['Machine learning', 'machine\nlearning', 'machine\u00a0 learning']);
  t.same(found(entries, 'machine learnings'), [], 'the last word whole too');
});

t.test('terms with punctuation in them, and terms next to punctuation', async (t) => {
  t.same(found([{ term: 'C++', sayAs: 'see plus plus' }], 'C++, C and C++.'), ['C++', 'C++']);
  t.same(found([{ term: '.NET', sayAs: 'dot net' }], 'ASP.NET and .NET (and .NET!)'), ['.NET', '.NET']);
  t.same(found([{ term: 'U.S.', sayAs: 'you ess' }], 'the U.S. economy'), ['U.S.']);
  t.same(found([{ term: 'AI', sayAs: 'ay eye' }], '"AI" (AI), AI! AI? [AI] AI—AI…'), ['AI', 'AI', 'AI', 'AI', 'AI', 'AI', 'AI']);
  t.same(found([{ term: 'a.b(c)*', sayAs: 'x' }], 'a.b(c)* and abc'), ['a.b(c)*'], 'regular-expression characters are literal');
});

t.test('non-ASCII terms: NFC on both sides, Unicode case, no boundary inside letters', async (t) => {
  const nfd = 'Zu\u0308rich';
  t.same(found([{ term: 'Zürich', sayAs: 'zoo rick' }], `${nfd} and ZÜRICH`), ['Zürich', 'ZÜRICH'], 'decomposed text matches a precomposed term, any case');
  t.same(found([{ term: 'Đặng', sayAs: 'dang' }], 'Đặng Thái Sơn; Đặngs'), ['Đặng']);
  t.same(found([{ term: 'Σοφία', sayAs: 'sofia' }], 'ΣΟΦΊΑ και σοφία'), ['ΣΟΦΊΑ', 'σοφία']);
  t.same(found([{ term: 'naïve', sayAs: 'nah eev' }], 'naïveté, naïve'), ['naïve'], 'a letter with a mark continues the word');
  t.same(found([{ term: 'Müller', sayAs: 'mooler' }], 'Müller’s theorem'), ['Müller'], 'a possessive after a non-ASCII word');
  t.same(found([{ term: '😀', sayAs: 'smile' }], 'I 😀 you'), ['😀'], 'astral characters');
});

t.test('entries without a word to match are ignored; empty text matches nothing', async (t) => {
  const lexicon = new Lexicon([{ term: '   ', sayAs: 'x' }, { term: 'ok', sayAs: 'okay' }]);
  t.equal(lexicon.size, 1);
  t.same(lexicon.matches(''), []);
  t.equal(replaceTerms('ok ok', [{ term: 'ok', sayAs: 'okay' }], (entry) => entry.sayAs as string), 'okay okay');
});
