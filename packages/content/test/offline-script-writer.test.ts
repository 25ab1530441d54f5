// The built-in writer on its own: structure, phrasing by voice set-up, sizing by
// pace, and the script format. The writer evaluation (writer-evaluation.test.ts)
// measures its output on the whole corpus.
import { readFile } from 'node:fs/promises';
import t from 'tap';
import { analyseParagraph } from '@castwright/content/nlp/english-text';
import { writeOfflineScript } from '@castwright/content/script/offline-script-writer';
import { estimateScriptMs } from '@castwright/content/script/script-length';
import { isAnnounced, scriptSections } from '@castwright/content/script/script-sections';
import type { ScriptPace, ScriptRequest } from '@castwright/content/script/script-writer';
import type { ScriptLine } from '@castwright/core/script-lines';
import { formatScript, parseScript } from '@castwright/content/script/script-format';
import { countWords } from '@castwright/content/text/sentences';
import { readFixture } from '#test-helpers/fixtures';

const article = await readFixture('lighthouses.txt');
const pace: ScriptPace = { wordsPerMinute: { 'Host 1': 160, 'Host 2': 180 }, pauseMsBetweenTurns: 450, pauseMsWithinSpeaker: 250, leadInMs: 300, leadOutMs: 400 };
const base = { voiceStyle: 'professional', voicePair: 'expert-curious', pace } as const;
const headed = [
  '# Lights on the coast',
  'Lighthouses have guided sailors along dangerous coasts for more than two thousand years. The Pharos of Alexandria rose over one hundred metres above the harbour.',
  '## The Fresnel lens',
  'Augustin Fresnel designed a lens built from rings of glass prisms. The Fresnel lens could throw a beam more than thirty kilometres across the sea.',
  '## Keepers and their families',
  'Keepers and their families often lived on bare rocks far from any town. They polished brass and cleaned soot from the lens every morning.',
].join('\n\n');
const text = (lines: readonly ScriptLine[]) => lines.map((line) => line.text).join(' ');

t.test('single host: a narration with an opening that names the subject, a transition per section and a recap', async (t) => {
  const script = writeOfflineScript({ ...base, text: headed, minutes: 3, hostMode: 'single' });
  t.ok(script.lines.every((line) => line.speaker === 'Host 1'));
  t.match(script.lines[0]?.text, /^Welcome to the show.*Today we look at Lights on the Coast|^Welcome to the show.*lights on the coast/i);
  t.equal(script.title, 'Lights on the coast', 'the document title is the episode title');
  t.match(text(script.lines), /the Fresnel lens/);
  t.match(text(script.lines), /keepers and their families/, 'headings become transitions, in sentence case');
  t.match(script.lines.at(-1)?.text, /To recap, we covered .*the Fresnel lens.*keepers and their families.*Thank you for listening\.$/);
  t.same(scriptSections(script.lines).map((section) => section.title), ['Lights on the coast', 'Pharos of Alexandria', 'Fresnel lens', 'Keepers and their families'], 'the intro, the text before the first heading by its key phrase, then one section per heading');
  for (const section of scriptSections(script.lines)) t.ok(isAnnounced(section.title, script.lines[section.start]?.text ?? ''), `"${section.title}" is announced in the line that opens it`);
});

t.test('sections: every voice set-up announces each section in the line that opens it, and reads each source section once', async (t) => {
  for (const voicePair of ['expert-curious', 'interview', 'debate'] as const) {
    const script = writeOfflineScript({ ...base, text: headed, minutes: 3, hostMode: 'multi', voicePair });
    const sections = scriptSections(script.lines);
    t.same(sections.map((section) => section.title), ['Lights on the coast', 'Pharos of Alexandria', 'Fresnel lens', 'Keepers and their families'], voicePair);
    for (const section of sections) t.ok(isAnnounced(section.title, script.lines[section.start]?.text ?? ''), `${voicePair}: "${section.title}" in "${script.lines[section.start]?.text}"`);
    // Each line before a section's start reads nothing of that section: the chapter starts where the host turns to it.
    const owner = (index: number) => sections.filter((section) => section.start <= index).length - 1;
    const read = script.notes.flatMap((note, index) => note.sources.map((source) => ({ source, chapter: owner(index) })));
    t.same(read.map((entry) => entry.source), [...read.map((entry) => entry.source)].sort((a, b) => a - b), `${voicePair}: the source is read in order`);
    t.same(read.map((entry) => entry.chapter), [...read.map((entry) => entry.chapter)].sort((a, b) => a - b), `${voicePair}: no section is come back to`);
  }
});

t.test('two hosts: questions are about noun phrases of the answer that follows; answers are whole source sentences', async (t) => {
  const script = writeOfflineScript({ ...base, text: article, minutes: 3, hostMode: 'multi' });
  t.same([...new Set(script.lines.map((line) => line.speaker))].sort(), ['Host 1', 'Host 2']);
  const sentences = new Set(article.split(/(?<=[.!?])\s+/).map((sentence) => sentence.trim()));
  script.lines.forEach((line, index) => {
    const note = script.notes[index];
    for (const subject of note?.subjects ?? []) {
      t.ok(line.text.includes(subject), `the question names its subject: ${subject}`);
      const answer = script.lines[index + 1]?.text.toLowerCase() ?? '';
      t.ok(answer.includes(subject.replace(/^the /, '').toLowerCase().split(' ').at(-1) ?? ''), `…and the answer is about it: ${subject}`);
    }
    if ((note?.sources.length ?? 0) > 0) {
      const spoken = line.text.split(/(?<=[.!?])\s+/);
      t.ok(spoken.filter((sentence) => sentences.has(sentence)).length >= (note?.sources.length ?? 0), 'the answer reads its source sentences');
      for (const sentence of spoken) t.ok(sentences.has(sentence) || ![...sentences].some((whole) => whole.includes(sentence)), `never part of a source sentence: ${sentence.slice(0, 40)}`);
    }
  });
  const read = script.notes.flatMap((note) => note.sources);
  t.ok(read.length >= 3, `the answers read source sentences (${read.length})`);
  t.same(read, [...new Set(read)], 'no source sentence is read twice');
  t.match(text(script.lines), /Fresnel/, 'the key passage about Fresnel survives extraction');
  const interview = writeOfflineScript({ ...base, text: article, minutes: 3, hostMode: 'multi', voicePair: 'interview' });
  const words = (speaker: string) => countWords(interview.lines.filter((line) => line.speaker === speaker).map((line) => line.text).join(' '));
  t.ok(words('Host 2') > words('Host 1'), 'in an interview the guest, Host 2, carries the content');
});

t.test('every question names its subject in at least two content words (a real README, an article, a headed text)', async (t) => {
  // The project's own README: headings like "Studio", bullets of names and commands; it used to give "So what should we know about logging?".
  const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
  for (const [name, source] of [['README.md', readme], ['lighthouses.txt', article], ['headed', headed]] as const) {
    for (const voicePair of ['expert-curious', 'interview', 'debate'] as const) {
      for (const minutes of [3, 15]) {
        const script = writeOfflineScript({ ...base, text: source, minutes, hostMode: 'multi', voicePair });
        const asked = script.notes.flatMap((note, index) => note.asked.map((subject) => ({ subject, line: script.lines[index]?.text ?? '' })));
        const questions = script.lines.flatMap((line) => line.text.split(/(?<=[.!?])\s+/)).filter((sentence) => sentence.endsWith('?'));
        t.ok(asked.length > 0 && asked.length >= questions.length - 2, `${name}, ${voicePair}, ${minutes} min: ${asked.length} questions noted of ${questions.length} asked (greetings aside)`);
        const thin = asked.filter(({ subject, line }) => !line.includes(subject) || analyseParagraph(subject).flatMap((sentence) => sentence.words).filter((word) => word.type === 'word' && !word.stopWord).length < 2);
        t.same(thin.map(({ subject }) => subject), [], `${name}, ${voicePair}, ${minutes} min: every subject said, in two content words or more`);
      }
    }
  }
});

t.test('voicePair and voiceStyle change the phrasing visibly', async (t) => {
  const write = (voicePair: ScriptRequest['voicePair'], voiceStyle: ScriptRequest['voiceStyle']) =>
    writeOfflineScript({ ...base, text: article, minutes: 3, hostMode: 'multi', voicePair, voiceStyle });
  t.match(text(write('expert-curious', 'professional').lines), /So what should we know about|Can you tell me more about/);
  t.match(text(write('interview', 'professional').lines), /Thanks for having me on the show\..*(Tell us about|How would you explain)/);
  const debate = write('debate', 'professional');
  t.match(text(debate.lines), /I'm not convinced about|push back on|Where's the proof/);
  t.match(text(debate.lines), /Here's how I see it\.|Consider the facts\./);
  t.match(write('expert-curious', 'casual').lines[0]?.text, /^Hey everyone/);
  t.match(write('expert-curious', 'enthusiastic').lines[0]?.text, /so excited/);
  t.match(write('expert-curious', 'educational').lines.at(-1)?.text, /thanks for learning with us/);
  t.same(write('debate', 'casual'), write('debate', 'casual'), 'deterministic');
});

t.test('length: sized in minutes of audio at the given pace, a short source read whole', async (t) => {
  const longText = Array.from({ length: 12 }, (_, n) => article.replaceAll('Lighthouses', `Lighthouses (part ${n + 1})`)).join('\n\n');
  for (const minutes of [3, 5, 7, 10, 15]) {
    const script = writeOfflineScript({ ...base, text: longText, minutes, hostMode: 'single' });
    const ms = estimateScriptMs(script.lines, pace);
    t.ok(Math.abs(ms - minutes * 60_000) <= minutes * 60_000 * 0.05, `${minutes} minutes asked: ${(ms / 60_000).toFixed(2)} minutes`);
    t.equal(script.sourceLimitMs, null, 'the source holds enough');
  }
  const slow = { ...pace, wordsPerMinute: { 'Host 1': 120, 'Host 2': 120 } };
  const slowWords = countWords(text(writeOfflineScript({ ...base, pace: slow, text: longText, minutes: 7, hostMode: 'single' }).lines));
  const fastWords = countWords(text(writeOfflineScript({ ...base, text: longText, minutes: 7, hostMode: 'single' }).lines));
  t.ok(slowWords < fastWords * 0.85, `a slower voice gets fewer words (${slowWords} against ${fastWords})`);
  const whole = writeOfflineScript({ ...base, text: article, minutes: 30, hostMode: 'single' });
  t.ok(estimateScriptMs(whole.lines, pace) < 30 * 60_000 / 4, 'a short source is not padded to the minutes asked for');
  t.match(text(whole.lines), /Many old towers have also become museums/, '…it is read whole');
  t.equal(whole.sourceLimitMs, Math.round(estimateScriptMs(whole.lines, pace)), '…and says how long that runs');
  t.equal(new Set(whole.lines.map((line) => line.text)).size, whole.lines.length, 'no line is said twice');
});

t.test('text without sentences is a permanent error; a text of fragments is still read', async (t) => {
  t.throws(() => writeOfflineScript({ ...base, text: '   ', minutes: 3, hostMode: 'single' }), { message: /no sentences/ });
  const notes = writeOfflineScript({ ...base, text: '- Amazon river\n- Yangtze river', minutes: 3, hostMode: 'single' });
  t.match(text(notes.lines), /Amazon river/);
});

t.test('script format round-trips and rejects unlabelled lines', async (t) => {
  const lines: ScriptLine[] = [{ speaker: 'Host 1', text: 'Hello: there.' }, { speaker: 'Host 2', text: 'Hi [friend].' }];
  t.same(parseScript(formatScript(lines)), lines);
  t.same(parseScript('\n[Host 1]:   spaced  \n\n'), [{ speaker: 'Host 1', text: 'spaced' }]);
  // Four hosts at most (named hosts): Host 3 and Host 4 are labels, Host 5 is not.
  t.same(parseScript('[Host 4]: four'), [{ speaker: 'Host 4', text: 'four' }]);
  t.throws(() => parseScript('[Host 5]: who?'), { message: /line 1/ });
  t.throws(() => parseScript('Host 1: missing brackets'));
});

t.test('script format: a section heading belongs to the turn after it', async (t) => {
  const lines = [
    { speaker: 'Host 1' as const, text: 'Welcome.', section: 'Opening' },
    { speaker: 'Host 2' as const, text: 'Glad to be here.' },
    { speaker: 'Host 1' as const, text: 'First, the layout.', section: 'Directory layout' },
  ];
  const text = formatScript(lines);
  t.equal(text, '## Opening\n[Host 1]: Welcome.\n[Host 2]: Glad to be here.\n## Directory layout\n[Host 1]: First, the layout.');
  t.same(parseScript(text), lines);
  t.same(parseScript('##   Spaced title  \n\n[Host 2]: Hi.\n## Dangling'), [{ speaker: 'Host 2', text: 'Hi.', section: 'Spaced title' }], 'a heading with no turn after it is dropped');
  t.notOk('section' in (parseScript('[Host 1]: Plain.')[0] ?? {}), 'no section key on a plain turn');
});
