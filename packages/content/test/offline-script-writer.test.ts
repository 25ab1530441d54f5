import t from 'tap';
import { writeOfflineScript } from '@castwright/content/script/offline-script-writer';
import { WORDS_PER_MINUTE } from '@castwright/content/script/script-writer';
import type { ScriptLine } from '@castwright/core/script-lines';
import { formatScript, parseScript } from '@castwright/content/script/script-format';
import { countWords } from '@castwright/content/text/sentences';
import { readFixture } from '#test-helpers/fixtures';

const article = await readFixture('lighthouses.txt');
const longText = Array.from({ length: 12 }, (_, n) => article.replaceAll('Lighthouses', `Lighthouses (part ${n + 1})`)).join('\n\n');
const base = { voiceStyle: 'professional', voicePair: 'expert-curious' } as const;

t.test('single host: every line is Host 1, with an opening and a closing', async (t) => {
  const script = writeOfflineScript({ ...base, text: article, preset: 'quick', hostMode: 'single' });
  t.ok(script.lines.length >= 3);
  t.ok(script.lines.every((line) => line.speaker === 'Host 1'));
  t.match(script.lines[0]?.text, /^Welcome to the show/);
  t.match(script.title, /^Lighthouses have guided sailors/);
  t.ok(script.description.length > 0);
});

t.test('multi host: both hosts speak, alternating turns carry the content', async (t) => {
  const script = writeOfflineScript({ ...base, text: article, preset: 'quick', hostMode: 'multi' });
  const speakers = new Set(script.lines.map((line) => line.speaker));
  t.same([...speakers].sort(), ['Host 1', 'Host 2']);
  const content = script.lines.filter((line) => line.speaker === 'Host 1').map((line) => line.text).join(' ');
  t.match(content, /Fresnel/, 'the key passage about Fresnel survives extraction');
  const interview = writeOfflineScript({ ...base, text: article, preset: 'quick', hostMode: 'multi', voicePair: 'interview' });
  const guestWords = countWords(interview.lines.filter((line) => line.speaker === 'Host 2').map((line) => line.text).join(' '));
  const hostWords = countWords(interview.lines.filter((line) => line.speaker === 'Host 1').map((line) => line.text).join(' '));
  t.ok(guestWords > hostWords, 'in an interview the guest, Host 2, carries the content');
});

t.test('length follows the preset, within the words the source has', async (t) => {
  const words = (preset: 'quick' | 'standard' | 'deep') =>
    countWords(writeOfflineScript({ ...base, text: longText, preset, hostMode: 'single' }).lines.map((line) => line.text).join(' '));
  const quick = words('quick');
  const standard = words('standard');
  const deep = words('deep');
  t.ok(quick <= 3 * WORDS_PER_MINUTE * 1.2 && quick >= 3 * WORDS_PER_MINUTE * 0.7, `quick: ${quick} words`);
  t.ok(standard >= 7 * WORDS_PER_MINUTE * 0.7 && standard <= 7 * WORDS_PER_MINUTE * 1.2, `standard: ${standard} words`);
  t.ok(deep > standard, `deep (${deep}) is longer than standard (${standard})`);
});

t.test('voice style shapes the opening; output is deterministic', async (t) => {
  const casual = writeOfflineScript({ ...base, voiceStyle: 'casual', text: article, preset: 'quick', hostMode: 'single' });
  t.match(casual.lines[0]?.text, /^Hey everyone/);
  t.same(casual, writeOfflineScript({ ...base, voiceStyle: 'casual', text: article, preset: 'quick', hostMode: 'single' }));
});

t.test('text without sentences is a permanent error', async (t) => {
  t.throws(() => writeOfflineScript({ ...base, text: '   ', preset: 'quick', hostMode: 'single' }), { message: /no sentences/ });
});

t.test('script format round-trips and rejects unlabelled lines', async (t) => {
  const lines: ScriptLine[] = [{ speaker: 'Host 1', text: 'Hello: there.' }, { speaker: 'Host 2', text: 'Hi [friend].' }];
  t.same(parseScript(formatScript(lines)), lines);
  t.same(parseScript('\n[Host 1]:   spaced  \n\n'), [{ speaker: 'Host 1', text: 'spaced' }]);
  t.throws(() => parseScript('[Host 3]: who?'), { message: /line 1/ });
  t.throws(() => parseScript('Host 1: missing brackets'));
});
