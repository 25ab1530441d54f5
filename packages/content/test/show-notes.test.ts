import t from 'tap';
import { buildShowNotes } from '@castwright/content/show-notes/build-show-notes';
import { writeOfflineScript } from '@castwright/content/script/offline-script-writer';
import { isAnnounced, scriptSections } from '@castwright/content/script/script-sections';
import type { ScriptPace } from '@castwright/content/script/script-writer';
import { readFixture } from '#test-helpers/fixtures';

const article = await readFixture('lighthouses.txt');
const pace: ScriptPace = { wordsPerMinute: { 'Host 1': 160, 'Host 2': 180 }, pauseMsBetweenTurns: 450, pauseMsWithinSpeaker: 250, leadInMs: 300, leadOutMs: 400 };

t.test('chapters start at segment starts, MM:SS agrees, notes come from the script', async (t) => {
  const script = writeOfflineScript({ text: article, minutes: 3, hostMode: 'multi', voiceStyle: 'professional', voicePair: 'expert-curious', pace });
  const segments = script.lines.map((line, n) => ({ ...line, startTimeMs: n * 37_123 + 61_000 * Math.floor(n / 3) }));
  const notes = buildShowNotes(segments);
  t.ok(notes.summary.length > 20);
  t.notMatch(notes.summary, /\?|Welcome|Let's/, 'the summary is content, not the hosts talking');
  t.ok(notes.keyPoints.length >= 3 && notes.keyPoints.length <= 6, `${notes.keyPoints.length} key points`);
  t.ok(notes.topics.length > 0);
  t.notOk(notes.topics.some((topic) => /question|point|idea|episode|show/i.test(topic)), `the hosts' framing is not a topic: ${notes.topics.join(', ')}`);
  t.ok(notes.chapters.length >= 2);
  t.equal(notes.chapters[0]?.timestampMs, segments[0]?.startTimeMs);
  const starts = new Set(segments.map((segment) => segment.startTimeMs));
  for (const chapter of notes.chapters) {
    t.ok(starts.has(chapter.timestampMs), `${chapter.title} starts at a segment`);
    const seconds = Math.floor(chapter.timestampMs / 1000);
    t.equal(chapter.timestamp, `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`);
  }
  const times = notes.chapters.map((chapter) => chapter.timestampMs);
  t.same(times, [...times].sort((a, b) => a - b));
  t.equal(new Set(times).size, times.length);
  t.equal(new Set(notes.chapters.map((chapter) => chapter.title)).size, notes.chapters.length, 'no two chapters share a title');
});

t.test('topics and chapter titles are key phrases, never stop words; chapters follow the topic shifts', async (t) => {
  const about = (subject: string, facts: string[]) => facts.map((fact) => `${subject} ${fact}`);
  const lines = [
    'Welcome to the show, and thank you for joining us.',
    ...about('The Fresnel lens', ['bends light into a narrow beam.', 'was designed by Augustin Fresnel in France.', 'uses rings of glass prisms around a bulls-eye.', 'made every lighthouse beam far brighter.']),
    ...about('The lighthouse keeper', ['climbed the tower stairs every evening.', 'trimmed the wicks of the lamp at night.', 'wrote the weather in the station log.', 'lived with his family beside the tower.']),
    'That brings us to the end of this episode. Thank you for listening.',
  ];
  const segments = lines.map((text, n) => ({ speaker: 'Host 1', text, startTimeMs: n * 20_000 }));
  const notes = buildShowNotes(segments);
  t.same(notes.chapters.map((chapter) => chapter.timestampMs), [0, 100_000], 'the cut falls where the subject changes');
  t.match(notes.chapters[0]?.title, /Fresnel lens/i);
  t.match(notes.chapters[1]?.title, /keeper/i);
  t.ok(notes.topics.some((topic) => /Fresnel lens/.test(topic)), notes.topics.join(', '));
  for (const title of [...notes.topics, ...notes.chapters.map((chapter) => chapter.title)]) t.notMatch(title, /^(?:the|per|back|tells|episode|show)$/i, title);
});

t.test('the script\'s sections are the chapters, with their own titles', async (t) => {
  const segments = Array.from({ length: 6 }, (_, n) => ({ speaker: 'Host 1', text: `Sentence about topic${n}.`, startTimeMs: n * 1000 + 500 }));
  const chapters = (sections: { start: number; title: string }[]) => buildShowNotes(segments, { sections }).chapters.map((chapter) => [chapter.timestampMs, chapter.title]);
  t.same(chapters([{ start: 3, title: 'Later' }, { start: 0, title: 'Opening' }, { start: 9, title: 'Beyond the end' }, { start: 3, title: 'Twice' }]), [[500, 'Opening'], [3500, 'Twice']], 'in order, inside the script, one per start');
  const [lead, later] = chapters([{ start: 2, title: 'Later' }]);
  t.equal(lead?.[0], 500, 'lines before the first section still get a chapter from 0:00…');
  t.ok(typeof lead?.[1] === 'string' && /\p{L}/u.test(lead[1]) && lead[1] !== 'Later', `…titled by its own key phrase (${lead?.[1]})`);
  t.same(later, [2500, 'Later']);
  t.same(buildShowNotes([]).chapters, []);
});

t.test('a written script: chapters are its sections, titled as the host announces them', async (t) => {
  const headed = ['# Lights on the coast', '## The Fresnel lens', article, '## Keepers and their families', 'Keepers and their families often lived on bare rocks far from any town. They polished brass every morning.'].join('\n\n');
  const script = writeOfflineScript({ text: headed, minutes: 10, hostMode: 'multi', voiceStyle: 'casual', voicePair: 'interview', pace });
  const segments = script.lines.map((line, n) => ({ ...line, startTimeMs: n * 10_000 }));
  const notes = buildShowNotes(segments, { sections: scriptSections(script.lines) });
  t.same(notes.chapters.map((chapter) => chapter.title), scriptSections(script.lines).map((section) => section.title));
  t.ok(notes.chapters.some((chapter) => chapter.title === 'Keepers and their families'), notes.chapters.map((chapter) => chapter.title).join(', '));
  t.equal(new Set(notes.chapters.map((chapter) => chapter.title)).size, notes.chapters.length, 'a section cut at a topic shift is not named after its heading twice');
  for (const chapter of notes.chapters) {
    const line = segments.find((segment) => segment.startTimeMs === chapter.timestampMs);
    t.ok(line && isAnnounced(chapter.title, line.text), `"${chapter.title}" is said in "${line?.text}"`);
  }
});
