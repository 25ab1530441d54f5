import t from 'tap';
import { buildShowNotes } from '@castwright/content/show-notes/show-notes';
import { writeOfflineScript } from '@castwright/content/script/offline-script-writer';
import { readFixture } from '#test-helpers/fixtures';

const article = await readFixture('lighthouses.txt');

t.test('chapters start at segment starts, MM:SS agrees, notes come from the script', async (t) => {
  const script = writeOfflineScript({ text: article, preset: 'quick', hostMode: 'multi', voiceStyle: 'professional', voicePair: 'expert-curious' });
  const segments = script.lines.map((line, n) => ({ ...line, startTimeMs: n * 37_123 + 61_000 * Math.floor(n / 3) }));
  const notes = buildShowNotes(segments);
  t.ok(notes.summary.length > 20);
  t.ok(notes.keyPoints.length >= 3 && notes.keyPoints.length <= 6, `${notes.keyPoints.length} key points`);
  t.ok(notes.topics.length > 0);
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
});

t.test('given chapter starts are used', async (t) => {
  const segments = Array.from({ length: 6 }, (_, n) => ({ speaker: 'Host 1', text: `Sentence about topic${n}.`, startTimeMs: n * 1000 + 500 }));
  t.same(buildShowNotes(segments, { chapterStarts: [3, 0, 9] }).chapters.map((chapter) => chapter.timestampMs), [500, 3500]);
  t.same(buildShowNotes([]).chapters, []);
});
