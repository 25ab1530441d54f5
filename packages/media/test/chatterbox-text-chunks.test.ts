// Where long text is cut for the Chatterbox engine.
import t from 'tap';
import { chunkText } from '@castwright/media/chatterbox/text-chunks';

void t.test('text within the limit is one piece, trimmed', async (t) => {
  t.same(chunkText('  Hello there.  ', 50), ['Hello there.']);
  t.same(chunkText('   ', 50), []);
});

void t.test('sentences are packed together up to the limit', async (t) => {
  const text = 'One short sentence. Two short sentences! Three? Four is here.';
  t.same(chunkText(text, 40), ['One short sentence. Two short sentences!', 'Three? Four is here.']);
  t.same(chunkText(text, 20), ['One short sentence.', 'Two short sentences!', 'Three? Four is here.']);
});

void t.test('a sentence over the limit is cut after clause punctuation, not inside numbers', async (t) => {
  const text = 'The river carries 3,000 tonnes of silt a day, shaping the valley; then it slows — and wanders.';
  t.same(chunkText(text, 50), ['The river carries 3,000 tonnes of silt a day,', 'shaping the valley; then it slows — and wanders.']);
  t.same(chunkText(text, 45), ['The river carries 3,000 tonnes of silt a day,', 'shaping the valley; then it slows —', 'and wanders.']);
});

void t.test('a clause over the limit is cut between words, and a long word mid-word', async (t) => {
  t.same(chunkText('alpha beta gamma delta epsilon zeta eta theta', 16), ['alpha beta gamma', 'delta epsilon', 'zeta eta theta']);
  t.same(chunkText('Supercalifragilistic', 8), ['Supercal', 'ifragili', 'stic']);
  t.same(chunkText('ab😀cd', 3), ['ab', '😀c', 'd'], 'a surrogate pair is never split');
});

void t.test('every piece fits and together they keep every word in order', async (t) => {
  const words = Array.from({ length: 400 }, (_, n) => `w${n}${n % 7 === 6 ? '.' : n % 5 === 4 ? ',' : ''}`);
  const text = words.join(' ');
  for (const limit of [12, 37, 100, 500]) {
    const pieces = chunkText(text, limit);
    t.ok(pieces.every((piece) => piece.length <= limit && piece === piece.trim()), `limit ${limit}: all fit`);
    t.equal(pieces.join(' '), text, `limit ${limit}: nothing lost`);
  }
  t.throws(() => chunkText(text, 0), RangeError);
});
