// A show's sound end to end, through the real API and workers (the built-in voice, real
// ffmpeg): an episode made in a show whose parts were uploaded is measured on its MP3
// with ffmpeg — the intro from 0 and the first line after it, the outro last, the bed at
// least 10 dB lower under speech than in the gaps, a sting at the second chapter's start,
// the loudness on target, the chapters (JSON, ID3, the show feed's) where the mix put
// them. Then the show changes (a longer intro; quieter levels) and POST …/render re-mixes:
// no line voiced again, the audio changed, and the transcript, WebVTT, search and chapters
// all moved by the intro's difference.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { FormData } from 'undici';
import { bandAudio, levelDb } from '#test-helpers/band-levels';
import { ebur128 } from '#test-helpers/ebur128';
import { readId3Chapters } from '#test-helpers/id3-chapters';
import { toneFile } from '#test-helpers/show-audio';
import { creator, json, startTestApi } from '#test-helpers/test-api';
import { waitForEpisode } from '#test-helpers/wait-for-episode';
import { parseWebVtt } from '#test-helpers/webvtt';

t.setTimeout(600_000);
const scratch = await mkdtemp(path.join(tmpdir(), 'castwright-show-mix-'));
t.teardown(() => rm(scratch, { recursive: true, force: true }));
const BASE = 'https://podcasts.example.test';
const api = await startTestApi(t, { PUBLIC_BASE_URL: BASE });
await api.startWorkers('all');
const db = api.database.db;
const owner = await creator(api, 'enterprise');
const token = owner.accessToken;

const PITCH = { intro: 1000, outro: 700, sting: 2500, bed: 50 } as const;
const CONTENT = [
  '# Lights on the coast',
  '## The lamps',
  'The first lighthouses burned wood and coal on open fires. Later the keepers trimmed oil wicks every few hours through the night, and the lamps grew brighter with every new fuel.',
  '## The lens',
  'Augustin Fresnel cut the lens into rings of glass around a bright centre. His lens bent the light into one beam that ships could see from twenty miles away.',
].join('\n\n');

type Segment = { text: string; startTimeMs: number; endTimeMs: number };
type Chapter = { title: string; timestampMs: number };

async function upload(target: string, bytes: Buffer, name: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const response = await api.request(target, { method: 'POST', token, body: form });
  if (response.status !== 200) throw new Error(`${target}: ${response.status} ${await response.text()}`);
}

const show = (await json(await api.request('/api/shows', { method: 'POST', token, json: { name: 'The Lighthouse Hour', preset: 'quick', hostMode: 'multi' } }))).show as { id: string };
await upload(`/api/shows/${show.id}/audio/intro`, await toneFile(scratch, { seconds: 2, frequency: PITCH.intro }), 'intro.wav');
await upload(`/api/shows/${show.id}/audio/outro`, await toneFile(scratch, { seconds: 2, frequency: PITCH.outro, format: 'mp3' }), 'outro.mp3');
await upload(`/api/shows/${show.id}/audio/sting`, await toneFile(scratch, { seconds: 0.6, frequency: PITCH.sting }), 'sting.wav');
await upload(`/api/shows/${show.id}/audio/bed`, await toneFile(scratch, { seconds: 8, frequency: PITCH.bed, format: 'flac', stereo: true }), 'bed.flac');

const created = await api.request('/api/episodes', { method: 'POST', token, json: { content: CONTENT, showId: show.id } });
const id = (await json(created)).episode.id as string;

async function ready(): Promise<void> {
  const episode = await waitForEpisode(db, id, ['ready', 'error'], 300_000);
  if (episode.status !== 'ready') throw new Error(`episode ${id} is ${episode.status}: ${episode.error_message}`);
}

/** The episode as a listener gets it: the MP3 (written to a file for ffmpeg), transcript, chapters, WebVTT. */
async function listen(name: string) {
  const audio = Buffer.from(await (await api.request(`/api/episodes/${id}/audio`, { token })).arrayBuffer());
  const file = path.join(scratch, name);
  await writeFile(file, audio);
  const segments = (await json(await api.request(`/api/episodes/${id}/transcript`, { token }))).segments as Segment[];
  const chapters = (await json(await api.request(`/api/episodes/${id}/show-notes`, { token }))).chapters as Chapter[];
  const vtt = parseWebVtt(await (await api.request(`/api/episodes/${id}/transcript?format=vtt`, { token })).text()).cues;
  const search = (await json(await api.request(`/api/episodes/${id}/transcript/search?q=Fresnel`, { token }))).matches as { timestampMs: number }[];
  const row = await db.selectFrom('episodes').select('audio_duration_ms').where('id', '=', id).executeTakeFirstOrThrow();
  return { audio, file, segments, chapters, vtt, search, durationMs: row.audio_duration_ms as number };
}

async function revision(number: number): Promise<Record<string, unknown>> {
  const revisions = (await json(await api.request(`/api/episodes/${id}/revisions`, { token }))).revisions as Record<string, unknown>[];
  return revisions.find((entry) => entry.revision === number) ?? {};
}

/** POST …/render and wait for the revision it queued to be published. */
async function rerender(): Promise<Record<string, unknown>> {
  const started = await api.request(`/api/episodes/${id}/render`, { method: 'POST', token });
  if (started.status !== 202) throw new Error(`render: ${started.status} ${await started.text()}`);
  const number = (await json(started)).revision.revision as number;
  await ready();
  const published = await revision(number);
  if (published.status !== 'published') throw new Error(`revision ${number}: ${JSON.stringify(published)}`);
  return published;
}

await ready();
const first = await listen('first.mp3');

t.test('the episode is in the show and sounds like it', async (t) => {
  const bands = { intro: await bandAudio(first.file, PITCH.intro), outro: await bandAudio(first.file, PITCH.outro), sting: await bandAudio(first.file, PITCH.sting), bed: await bandAudio(first.file, PITCH.bed) };
  const [opening, closing] = [first.segments[0] as Segment, first.segments.at(-1) as Segment];
  t.ok(levelDb(bands.intro, [[0, 80]]) > -35, 'the intro sounds from 0');
  t.ok(opening.startTimeMs >= 2000, `the first line starts after the intro (${opening.startTimeMs} ms)`);
  const end = first.durationMs;
  t.ok(closing.endTimeMs <= end - 2000, `the last line ends before the outro (${closing.endTimeMs} of ${end} ms)`);
  t.ok(levelDb(bands.outro, [[end - 1800, end - 600]]) > levelDb(bands.outro, [[closing.endTimeMs + 300, closing.endTimeMs + 1500]]) + 20, 'the outro is last');

  const under = levelDb(bands.bed, first.segments.map((segment) => [segment.startTimeMs + 150, segment.endTimeMs - 150] as const));
  const gaps = [[opening.startTimeMs - 1000, opening.startTimeMs - 150], [closing.endTimeMs + 450, closing.endTimeMs + 1100]] as const;
  const over = levelDb(bands.bed, gaps);
  t.ok(over - under >= 10, `the bed is ${(over - under).toFixed(1)} dB lower under speech than in the gaps (${under.toFixed(1)} / ${over.toFixed(1)} dBFS)`);

  const script = (await json(await api.request(`/api/episodes/${id}/script`, { token }))).lines as { section?: string }[];
  const sectionStarts = script.flatMap((line, index) => (line.section ? [index] : []));
  t.ok(sectionStarts.length >= 2, `${sectionStarts.length} sections`);
  t.equal(first.chapters.length, sectionStarts.length, 'a chapter per section');
  t.equal(first.chapters[0]?.timestampMs, 0, 'the first chapter opens with the intro');
  first.chapters.slice(1).forEach((chapter, index) => {
    const opening = first.segments[sectionStarts[index + 1] as number] as Segment;
    t.ok(chapter.timestampMs < opening.startTimeMs - 600, `chapter ${index + 2} starts before its first line (${chapter.timestampMs} ms, the line at ${opening.startTimeMs} ms)`);
    const sting = levelDb(bands.sting, [[chapter.timestampMs + 30, chapter.timestampMs + 550]]);
    t.ok(sting > levelDb(bands.sting, [[chapter.timestampMs - 350, chapter.timestampMs - 50]]) + 20, `with the sting (${sting.toFixed(1)} dBFS)`);
  });
  t.same(readId3Chapters(first.audio).chapters.map((chapter) => chapter.startMs), first.chapters.map((chapter) => chapter.timestampMs), 'the MP3\'s ID3 chapters are the same');

  const loudness = await ebur128(first.file);
  t.ok(Math.abs(loudness.integratedLufs + 16) <= 0.5, `${loudness.integratedLufs} LUFS`);
  t.ok(loudness.truePeakDbtp <= -1, `${loudness.truePeakDbtp} dBTP`);

  const feed = await json(await api.request(`/api/shows/${show.id}/feed`, { method: 'POST', token }));
  const feedPath = (feed.feedUrl as string).slice(BASE.length).replace('feed.xml', `episodes/${id}/chapters.json`);
  const feedChapters = await json(await api.request(feedPath));
  t.same(feedChapters.chapters.map((chapter: { startTime: number }) => Math.round(chapter.startTime * 1000)), first.chapters.map((chapter) => chapter.timestampMs), "the feed's chapters too");
  t.equal((await revision(1)).linesRendered, first.segments.length, 'revision 1 voiced its lines');
});

t.test('a longer intro, then a render: no line voiced, the audio changed, every timing moved by the difference', async (t) => {
  await upload(`/api/shows/${show.id}/audio/intro`, await toneFile(scratch, { seconds: 4, frequency: 1200 }), 'longer-intro.wav');
  const published = await rerender();
  t.match(published, { linesRendered: 0, linesReused: first.segments.length }, 'zero lines voiced');
  const second = await listen('second.mp3');
  t.not(Buffer.compare(second.audio, first.audio), 0, 'the audio changed');
  const moved = (before: number, after: number) => Math.abs(after - before - 2000) <= 40;
  t.ok(first.segments.every((segment, index) => moved(segment.startTimeMs, (second.segments[index] as Segment).startTimeMs)), 'transcript segments moved by the 2 s the intro grew');
  t.ok(first.vtt.every((cue, index) => moved(cue.startMs, (second.vtt[index] as { startMs: number }).startMs)), 'WebVTT cues too');
  t.ok(first.search.length > 0 && first.search.every((match, index) => moved(match.timestampMs, (second.search[index] as { timestampMs: number }).timestampMs)), 'search results too');
  t.equal(second.chapters[0]?.timestampMs, 0);
  t.ok(moved((first.chapters[1] as Chapter).timestampMs, (second.chapters[1] as Chapter).timestampMs), 'and the second chapter');
  t.ok(levelDb(await bandAudio(second.file, 1200), [[100, 3800]]) > -35, 'the new intro plays');
});

t.test('quieter levels, then a render: no line voiced, the bed lower under speech', async (t) => {
  const before = await listen('before-levels.mp3');
  const patched = await api.request(`/api/shows/${show.id}`, { method: 'PATCH', token, json: { levels: { bedSpeechDb: -40 } } });
  t.equal(patched.status, 200);
  t.match(await rerender(), { linesRendered: 0 });
  const after = await listen('after-levels.mp3');
  const underSpeech = async (listened: typeof before) => levelDb(await bandAudio(listened.file, PITCH.bed), listened.segments.map((segment) => [segment.startTimeMs + 150, segment.endTimeMs - 150] as const));
  const [was, now] = [await underSpeech(before), await underSpeech(after)];
  t.ok(was - now >= 6, `the bed under speech went from ${was.toFixed(1)} to ${now.toFixed(1)} dBFS`);
});
