// Property tests for transcript search: positions index the original text, every
// reported slice folds to the query, counts agree with a naive scan, and no overlaps.
import t from 'tap';
import fc from 'fast-check';
import { findMatches, foldCase, formatTimestamp, searchTranscript } from '@castwright/content/search/transcript-search';
import { assertProperty } from '#test-helpers/property';

/** The obvious algorithm: at each code-point start, the one end whose slice folds to the query. */
function naive(text: string, query: string): [number, number][] {
  const needle = foldCase(query);
  const boundaries: number[] = [];
  let index = 0;
  for (const char of text) {
    boundaries.push(index);
    index += char.length;
  }
  boundaries.push(text.length);
  const found: [number, number][] = [];
  let b = 0;
  while (b < boundaries.length - 1) {
    const start = boundaries[b] as number;
    let matched = -1;
    for (let e = b + 1; e < boundaries.length; e += 1) {
      const slice = foldCase(text.slice(start, boundaries[e]));
      if (slice === needle) matched = e;
      if (slice.length >= needle.length) break;
    }
    if (matched > 0) {
      found.push([start, boundaries[matched] as number]);
      b = matched;
    } else {
      b += 1;
    }
  }
  return found;
}

const alphabet = ['a', 'A', 'b', 'B', 'i', 'I', 'İ', 'ı', 'ß', 'σ', 'Σ', 'ς', ' ', '😀', 'é', 'É', 'ǅ', 'ﬀ'];
const word = fc.array(fc.constantFrom(...alphabet), { minLength: 0, maxLength: 40 }).map((chars) => chars.join(''));
const query = fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 4 }).map((chars) => chars.join(''));

t.test('every reported slice folds to the query, in order and without overlap', async (t) => {
  assertProperty(t, 'holds for every generated case',
    fc.property(word, query, (text, q) => {
      const matches = findMatches(text, q);
      let previousEnd = 0;
      for (const [start, end] of matches) {
        if (start < previousEnd || end <= start || end > text.length) return false;
        if (foldCase(text.slice(start, end)) !== foldCase(q)) return false;
        previousEnd = end;
      }
      return true;
    }),
    { numRuns: 2000 },
  );
});

t.test('matches agree with a naive scan', async (t) => {
  assertProperty(t, 'holds for every generated case', fc.property(word, query, (text, q) => JSON.stringify(findMatches(text, q)) === JSON.stringify(naive(text, q))), { numRuns: 2000 });
  assertProperty(t, 'holds for every generated case',
    fc.property(fc.string({ unit: 'binary', maxLength: 30 }), fc.string({ unit: 'binary', minLength: 1, maxLength: 3 }), (text, q) =>
      JSON.stringify(findMatches(text, q)) === JSON.stringify(naive(text, q))),
    { numRuns: 2000 },
  );
});

t.test('a query planted in a text is found where it was planted', async (t) => {
  assertProperty(t, 'holds for every generated case',
    fc.property(word, query, word, (before, q, after) => {
      // Upper-case what survives the round trip ('ß' becomes 'SS', which is another string).
      const planted = [...q].map((char) => (foldCase(char.toUpperCase()) === foldCase(char) ? char.toUpperCase() : char)).join('');
      const text = `${before}\u0000${planted}\u0000${after}`;
      const start = before.length + 1;
      return findMatches(text, q).some(([s, e]) => s === start && e === start + planted.length);
    }),
    { numRuns: 1000 },
  );
});

t.test('examples: case, every occurrence, non-overlapping, İ keeps original positions', async (t) => {
  t.same(findMatches('Bees, BEES and bees', 'bees'), [[0, 4], [6, 10], [15, 19]]);
  t.same(findMatches('aaaa', 'aa'), [[0, 2], [2, 4]]);
  t.same(findMatches('İstanbul İST', 'İst'), [[0, 3], [9, 12]], 'positions in the original text although İ folds to two code units');
  t.same(findMatches('x İİ y', 'i̇i̇'), [[2, 4]]);
  t.same(findMatches('xİy', 'i'), [], 'half of a folded İ is not a match');
  t.same(findMatches('😀 hi HI', 'hi'), [[3, 5], [6, 8]]);
  t.same(findMatches('ΟΔΟΣ οδός', 'οδοσ'), [[0, 4]]);
});

t.test('segments: totals, timestamps', async (t) => {
  const result = searchTranscript(
    [
      { id: 'seg_1', speaker: 'Host 1', text: 'Bees dance.', startTimeMs: 0 },
      { id: 'seg_2', speaker: 'Host 2', text: 'No bees here? Bees!', startTimeMs: 4_503_999 },
      { id: 'seg_3', speaker: 'Host 1', text: 'Nothing.', startTimeMs: 9000 },
    ],
    'BEES',
  );
  t.equal(result.totalMatches, 3);
  t.same(result.matches.map((match) => [match.segmentId, match.timestamp, match.matchPositions]), [
    ['seg_1', '00:00', [[0, 4]]],
    ['seg_2', '75:03', [[3, 7], [14, 18]]],
  ]);
  t.equal(formatTimestamp(59_999), '00:59');
  t.equal(formatTimestamp(60_000), '01:00');
});

t.test("in the episode's language: matches start at words (Intl.Segmenter), accents fold where the language is written in Latin letters", async (t) => {
  const segments = (text: string) => [{ id: 'seg_1', speaker: 'Host 1', text, startTimeMs: 0 }];
  const positions = (text: string, query: string, language: Parameters<typeof searchTranscript>[2]) =>
    searchTranscript(segments(text), query, language).matches.flatMap((match) => match.matchPositions);

  t.same(positions('The lighthouse and the light.', 'light', 'en'), [[4, 9], [23, 28]], 'a word, or the start of one');
  t.same(positions('The lighthouse and the light.', 'house', 'en'), [], 'never from inside a word');
  t.same(positions('Un café, un CAFE y otro cafe.', 'cafe', 'es'), [[3, 7], [12, 16], [24, 28]], 'Spanish: any case, with or without the accent');
  t.same(positions("L'île et l'ile.", 'ILE', 'fr'), [[2, 5], [11, 14]], "French: the word after an elided article, accents folded");
  t.same(positions('Ele é o farol.', 'e', 'pt-BR'), [[0, 1], [4, 5]], 'Portuguese: é is e');

  t.same(positions('アレクサンドリアの大灯台は、灯台の歴史を変えました。', '灯台', 'ja'), [[10, 12], [14, 16]], 'Japanese: the word 灯台 inside sentences without spaces, after 大 too');
  t.same(positions('アレクサンドリアの大灯台は古い。', 'サンドリア', 'ja'), [], 'Japanese: not from inside a word');
  t.same(positions('いいえ、がっこうです。', 'かっこう', 'ja'), [], 'Japanese: voicing marks are not folded away (が is not か)');
  t.same(positions('亚历山大灯塔是一座高塔。灯塔的光芒很远。', '灯塔', 'zh'), [[4, 6], [12, 14]], 'Chinese: the word 灯塔 inside sentences without spaces');
  t.same(positions('यह किताब है और वह कितब नहीं।', 'कितब', 'hi'), [[18, 22]], 'Hindi: vowel signs are letters, never folded');
});
