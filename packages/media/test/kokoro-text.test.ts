// Kokoro's text front end: normalisation, chunking to the model's window, and
// the style row chosen for a chunk.
import fc from 'fast-check';
import t from 'tap';
import { CLAUSE_BREAK_TOKENS, MAX_PHONEME_TOKENS, phonemesToTokens, SPACE_TOKEN } from '@castwright/media/kokoro/kokoro-vocabulary';
import { normalizeText } from '@castwright/media/kokoro/normalize-text';
import { chunkTokens } from '@castwright/media/kokoro/token-chunks';
import { styleRowFor, voiceLanguage } from '@castwright/media/kokoro/voice-styles';
import { assertProperty } from '#test-helpers/property';

t.test('normalisation says years, decades, money, times and abbreviations as a narrator would', async (t) => {
  const cases: [string, string][] = [
    ['In 1990 we left.', 'In 19 90 we left.'],
    ['Built in 1905, rebuilt 1900.', 'Built in 19 oh 5, rebuilt 19 hundred.'],
    ['By 2026 or 2005.', 'By 20 26 or 2005.'],
    ['The 1980s and the \'90s.', 'The 19 eighties and the nineties.'],
    ['It cost $5.', 'It cost 5 dollars.'],
    ['It cost $1.50 or £3.20.', 'It cost 1 dollar and 50 cents or 3 pounds and 20 pence.'],
    ['A €2.5bn deal.', 'A 2 point 5 billion euros deal.'],
    ['Only $0.99 now.', 'Only 99 cents now.'],
    ['Meet at 10:30 a.m. or 9:00.', 'Meet at 10 30 AM or 9 o\'clock.'],
    ['At 7:05pm sharp.', 'At 7 oh 5 PM sharp.'],
    ['We counted 1,990 people.', 'We counted 1990 people.'],
    ['Pi is 3.14 roughly.', 'Pi is 3 point 1 4 roughly.'],
    ['Dr. Smith met Mr. Jones, e.g. on St. Kilda.', 'Doctor Smith met Mister Jones, for example on Saint Kilda.'],
    ['Cats vs. dogs, i.e. chaos etc.', 'Cats versus dogs, that is chaos et cetera.'],
    ['Pens, ink etc. are sold here.', 'Pens, ink et cetera are sold here.'],
    ['Salt & pepper', 'Salt and pepper'],
    ['“Curly” ‘quotes’', '"Curly" \'quotes\''],
  ];
  for (const [input, expected] of cases) t.equal(normalizeText(input), expected, input);
  t.equal(normalizeText('Call 555-0100 about item 42.'), 'Call 555-0100 about item 42.', 'other numbers are left to eSpeak');
});

const token = fc.constantFrom(...phonemesToTokens('abcdhəlˈoʊwɜːɹ'), SPACE_TOKEN, ...CLAUSE_BREAK_TOKENS);
const sentence = fc.array(token, { minLength: 1, maxLength: 700 });
const withoutSpaces = (tokens: readonly number[]) => tokens.filter((id) => id !== SPACE_TOKEN);

t.test('chunks fit the window, keep order and lose only spaces at the cuts', async (t) => {
  assertProperty(t, 'holds for every generated case',
    fc.property(fc.array(sentence, { maxLength: 8 }), fc.integer({ min: 8, max: MAX_PHONEME_TOKENS }), (sentences, max) => {
      const chunks = chunkTokens(sentences, max);
      for (const chunk of chunks) {
        if (chunk.length === 0 || chunk.length > max) return false;
        if (chunk[0] === SPACE_TOKEN || chunk.at(-1) === SPACE_TOKEN) return false;
      }
      return withoutSpaces(chunks.flat()).join() === withoutSpaces(sentences.flat()).join();
    }),
  );
});

t.test('whole sentences are never split when each fits', async (t) => {
  assertProperty(t, 'holds for every generated case',
    fc.property(fc.array(fc.array(fc.constantFrom(...phonemesToTokens('abcdefghik')), { minLength: 1, maxLength: 40 }), { maxLength: 30 }), (sentences) => {
      const chunks = chunkTokens(sentences, 64);
      // Rebuild: every chunk must be a run of whole sentences joined by spaces.
      let next = 0;
      for (const chunk of chunks) {
        const parts: number[][] = [];
        let current: number[] = [];
        for (const id of chunk) {
          if (id === SPACE_TOKEN) {
            parts.push(current);
            current = [];
          } else current.push(id);
        }
        parts.push(current);
        for (const part of parts) if (part.join() !== sentences[next++]?.join()) return false;
      }
      return next === sentences.length;
    }),
  );
});

t.test('an over-long sentence is cut after clause punctuation before falling back to words', async (t) => {
  const [comma] = phonemesToTokens(',');
  const clause = (letter: string, length: number) => Array.from({ length }, () => phonemesToTokens(letter)[0] as number);
  const sentenceTokens = [...clause('a', 300), comma as number, SPACE_TOKEN, ...clause('b', 300)];
  const chunks = chunkTokens([sentenceTokens]);
  t.equal(chunks.length, 2);
  t.equal(chunks[0]?.at(-1), comma, 'the first chunk ends at the comma');
  t.equal(chunks[1]?.length, 300);

  const words = Array.from({ length: 200 }, () => [...clause('a', 4), SPACE_TOKEN]).flat();
  const byWords = chunkTokens([words]);
  t.ok(byWords.length >= 2);
  for (const chunk of byWords) t.equal(withoutSpaces(chunk).length % 4, 0, 'cut between words');

  const oneHugeWord = clause('a', 1200);
  t.same(chunkTokens([oneHugeWord]).map((chunk) => chunk.length), [510, 510, 180], 'only a giant word is cut blindly');
});

t.test('style row = token count, clamped to the 510-row table; accent → language', async (t) => {
  t.equal(styleRowFor(0), 0);
  t.equal(styleRowFor(37), 37);
  t.equal(styleRowFor(509), 509);
  t.equal(styleRowFor(510), 509);
  t.equal(voiceLanguage('af_heart'), 'en-us');
  t.equal(voiceLanguage('bm_george'), 'en-gb');
});
