// Lengths in minutes and chapters, end to end: episodes asked for with durationMinutes
// through the API, written by the built-in writer and voiced by the built-in voice in
// real workers, then measured on the rendered audio (not the writer's estimate). The
// long handbook from the writer corpus fills 5, 10 and 30 minutes within ±15 %; a short
// article asked for 10 minutes comes out shorter and says so in lengthNote, without a
// line said twice. Chapters are the script's sections, titled as the host announces
// them, the same in the show notes, the chapters JSON and the MP3's ID3 CHAP frames.
import t from 'tap';
import { isAnnounced, scriptSections } from '@castwright/content/script/script-sections';
import { parseScript } from '@castwright/content/script/script-format';
import { LENGTH_TOLERANCE, durationInWords } from '@castwright/core/episode-length';
import type { ScriptLine } from '@castwright/core/script-lines';
import { readFixture } from '#test-helpers/fixtures';
import { readId3Chapters } from '#test-helpers/id3-chapters';
import { creator, json, startTestApi } from '#test-helpers/test-api';
import { waitForEpisode } from '#test-helpers/wait-for-episode';

// Forty-five minutes of speech are voiced and mastered here, on a machine others share.
t.setTimeout(1_500_000);

const api = await startTestApi(t);
await api.startWorkers('general');
await api.startWorkers('media');
const owner = await creator(api, 'professional');
const handbook = await readFixture('writer-corpus/keeping-time.md');
const article = await readFixture('lighthouses.txt');

async function create(body: Record<string, unknown>): Promise<string> {
  const response = await api.request('/api/episodes', { method: 'POST', token: owner.accessToken, json: body });
  if (response.status !== 202) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return (await json(response)).episode.id as string;
}

async function ready(id: string) {
  const episode = await waitForEpisode(api.database.db, id, ['ready', 'error'], 1_200_000);
  if (episode.status !== 'ready') throw new Error(`episode ${id} failed: ${episode.error_message}`);
  return episode;
}

const get = async (path: string) => json(await api.request(path, { token: owner.accessToken }));
const minutes = (ms: number) => `${(ms / 60_000).toFixed(2)} min`;

// Queued together; the media worker voices them one after another.
const lengths = [
  { minutes: 5, hostMode: 'multi', voiceStyle: 'casual', voicePair: 'expert-curious' },
  { minutes: 10, hostMode: 'multi', voiceStyle: 'educational', voicePair: 'interview' },
  { minutes: 30, hostMode: 'single', voiceStyle: 'professional', voicePair: 'expert-curious' },
] as const;
const long = await Promise.all(lengths.map(({ minutes: durationMinutes, ...voice }) => create({ content: handbook, durationMinutes, ...voice })));
const short = await create({ content: article, durationMinutes: 10, hostMode: 'multi' });

/** The script's lines that are not reactions (which the script endpoint marks; the text has one line per line either way). */
async function wholeLines(id: string): Promise<ScriptLine[]> {
  return ((await get(`/api/episodes/${id}/script`)).lines as ScriptLine[]).filter((line) => !line.reaction);
}

t.test('5, 10 and 30 minutes from a long source: the rendered audio is within ±15 %, with no length note', async (t) => {
  for (const [index, id] of long.entries()) {
    const target = (lengths[index]?.minutes ?? 0) * 60_000;
    const episode = await ready(id);
    const audio = episode.audio_duration_ms ?? 0;
    t.ok(Math.abs(audio - target) <= target * LENGTH_TOLERANCE, `${minutes(target)} asked for: the audio runs ${minutes(audio)}`);
    const { episode: detail } = await get(`/api/episodes/${id}`);
    t.match(detail, { durationMinutes: target / 60_000, lengthNote: null, audioDuration: Math.round(audio / 1000) });
    // A reaction ("Right.") may come back after a minute; a whole line never does.
    const lines = await wholeLines(id);
    t.equal(new Set(lines.map((line) => line.text)).size, lines.length, 'no line is said twice');
    t.ok(scriptSections(lines).length >= Math.round(target / 120_000), `${scriptSections(lines).length} sections for ${minutes(target)}`);
  }
});

t.test('a source too short for the minutes asked: a shorter episode that says how long it runs and why', async (t) => {
  const episode = await ready(short);
  const audio = episode.audio_duration_ms ?? 0;
  t.ok(audio < 10 * 60_000 * (1 - LENGTH_TOLERANCE), `the short article runs ${minutes(audio)}, not ten`);
  const { episode: detail } = await get(`/api/episodes/${short}`);
  t.equal(
    detail.lengthNote,
    `This episode runs ${durationInWords(audio)}, shorter than the 10 minutes asked for: its source holds no more material, and an episode is never padded with repetition.`,
  );
  const lines = await wholeLines(short);
  t.equal(new Set(lines.map((line) => line.text)).size, lines.length, 'never padded: no line is said twice');
  t.match(lines.map((line) => line.text).join(' '), /Many old towers have also become museums/, 'the whole article is read');
});

t.test('chapters are the script\'s sections, titled as the host announces them, in the show notes, the chapters JSON and the MP3', async (t) => {
  for (const id of [long[1] as string, short]) {
    const { episode } = await get(`/api/episodes/${id}`);
    const sections = scriptSections(parseScript(episode.scriptText as string));
    const notes = await get(`/api/episodes/${id}/show-notes`);
    const chapters = notes.chapters as { title: string; timestampMs: number }[];
    t.same(chapters.map((chapter) => chapter.title), sections.map((section) => section.title), `${sections.length} chapters, one per section`);
    const segments = (await get(`/api/episodes/${id}/transcript`)).segments as { text: string; startTimeMs: number }[];
    chapters.forEach((chapter, n) => {
      t.equal(chapter.timestampMs, segments[sections[n]?.start ?? -1]?.startTimeMs, `"${chapter.title}" starts where its section's first line does`);
      t.ok(isAnnounced(chapter.title, segments[sections[n]?.start ?? -1]?.text ?? ''), `…and that line says it: ${segments[sections[n]?.start ?? -1]?.text.slice(0, 90)}`);
    });
    const file = await get(`/api/episodes/${id}/chapters`);
    t.same(file.chapters.map((chapter: { title: string; startTime: number }) => [chapter.title, Math.round(chapter.startTime * 1000)]), chapters.map((chapter) => [chapter.title, chapter.timestampMs]));
    const bytes = Buffer.from(await (await api.request(`/api/episodes/${id}/audio`, { token: owner.accessToken })).arrayBuffer());
    t.same(readId3Chapters(bytes).chapters.map((chapter) => [chapter.title, chapter.startMs]), chapters.map((chapter) => [chapter.title, chapter.timestampMs]), 'the ID3 CHAP frames carry the same chapters');
  }
});
