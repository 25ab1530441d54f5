// Reactions and timing end to end, with real workers and the built-in voice: a two-host
// deep dive at `some` (the default) has at least one reaction per minute of audio, each
// starting inside the line of another host and ending before that line's end plus a second,
// none beginning within 150 ms of the onset of a word of that line (word onsets as Flite
// itself times them, test/helpers/flite-timing.ts, not the envelope the renderer uses);
// `reactions: none` gives the strict turns of before, the voice style's fixed pauses to the
// millisecond; the script endpoints show a reaction with its anchor and change it with
// If-Match (400 for one that breaks the rules); a re-render after a reaction is edited
// voices that one line, and no other line moves; the WebVTT keeps overlapping cues, the
// SubRip lays them end to end, search finds a reaction's words; the episode view and a
// brief or a debate asked with the wrong number of hosts.
import t from 'tap';
import { voicedClip } from '@castwright/media/voiced-clip';
import { trimSilence } from '@castwright/media/clip-edges';
import { OfflineVoiceEngine } from '@castwright/media/offline-voice/offline-voice-engine';
import { fliteTiming } from '#test-helpers/flite-timing';
import { readFixture } from '#test-helpers/fixtures';
import { creator, json, startTestApi } from '#test-helpers/test-api';
import { waitForEpisode } from '#test-helpers/wait-for-episode';
import { parseWebVtt } from '#test-helpers/webvtt';

t.setTimeout(900_000);
const api = await startTestApi(t);
await api.startWorkers('all');
const db = api.database.db;
const owner = await creator(api, 'enterprise');
const article = await readFixture('lighthouses.txt');

type Line = { index: number; speaker: string; text: string; section?: string; reaction?: { under: number; afterWord: number }; overlapMs?: number };
type Segment = { speaker: string; text: string; startTimeMs: number; endTimeMs: number };

const get = async (path: string) => json(await api.request(path, { token: owner.accessToken }));
const send = (method: string, path: string, body?: unknown, etag?: string) =>
  api.request(path, { method, token: owner.accessToken, ...(body === undefined ? {} : { json: body }), ...(etag ? { headers: { 'if-match': etag } } : {}) });
async function script(id: string) {
  const response = await api.request(`/api/episodes/${id}/script`, { token: owner.accessToken });
  return { etag: response.headers.get('etag') ?? '', lines: (await json(response)).lines as Line[] };
}
const transcript = async (id: string) => (await get(`/api/episodes/${id}/transcript`)).segments as Segment[];
async function create(body: Record<string, unknown>): Promise<string> {
  const response = await send('POST', '/api/episodes', { content: article, preset: 'quick', hostMode: 'multi', ...body });
  if (response.status !== 202) throw new Error(`create: ${response.status} ${await response.text()}`);
  return (await json(response)).episode.id;
}
async function ready(id: string): Promise<void> {
  const episode = await waitForEpisode(db, id, ['ready', 'error'], 600_000);
  if (episode.status !== 'ready') throw new Error(`episode ${id} is ${episode.status}: ${episode.error_message}`);
}

const lively = await create({});
const strict = await create({ reactions: 'none' });
await ready(lively);
await ready(strict);

/** The built-in voice's casting of a two-host expert-curious episode (voice-casting.ts): Flite's rms and slt. */
const FLITE = { 'Host 1': 'rms', 'Host 2': 'slt' } as const;
const engine = new OfflineVoiceEngine();
t.teardown(() => engine.close());

t.test('a two-host deep dive at some: a reaction a minute, each inside another host\'s line, never on a word of it', async (t) => {
  const episode = (await get(`/api/episodes/${lively}`)).episode;
  t.match(episode, { format: 'deep_dive', reactions: 'some', voice: { engineUsed: 'offline' } });
  const { lines } = await script(lively);
  const segments = await transcript(lively);
  t.equal(segments.length, lines.length, 'every line, reactions too, is a segment');
  const reactions = lines.filter((line) => line.reaction);
  const minutes = (episode.audioDuration as number) / 60;
  t.ok(reactions.length >= minutes, `${reactions.length} reactions in ${minutes.toFixed(1)} minutes of audio`);
  for (const line of reactions) {
    const { under, afterWord } = line.reaction as { under: number; afterWord: number };
    const host = lines[under] as Line;
    const [said, hostSaid] = [segments[line.index] as Segment, segments[under] as Segment];
    t.not(line.speaker, host.speaker, `"${line.text}" is said by the host who listens`);
    t.ok(afterWord >= 1, `after word ${afterWord} of line ${under}`);
    t.ok(said.startTimeMs > hostSaid.startTimeMs && said.startTimeMs < hostSaid.endTimeMs, `"${line.text}" starts inside line ${under} (${said.startTimeMs} in ${hostSaid.startTimeMs}–${hostSaid.endTimeMs})`);
    t.ok(said.endTimeMs <= hostSaid.endTimeMs + 1000, `and ends ${said.endTimeMs - hostSaid.endTimeMs} ms from its end (at most a second after)`);
    // Where Flite says each word of the host line starts, on the episode's timeline.
    const voice = FLITE[host.speaker as keyof typeof FLITE];
    const raw = await engine.synthesize({ text: host.text, voice });
    const trimmedMs = (trimSilence(raw.samples, raw.sampleRate).byteOffset / Float32Array.BYTES_PER_ELEMENT / raw.sampleRate) * 1000;
    t.ok(Math.abs((voicedClip(raw).samples.length / raw.sampleRate) * 1000 - (hostSaid.endTimeMs - hostSaid.startTimeMs)) <= 2, 'the host line voiced again is the one in the episode');
    const { wordOnsetsMs } = fliteTiming(host.text, voice);
    const onsets = wordOnsetsMs.map((onset) => hostSaid.startTimeMs + onset - trimmedMs);
    const nearest = Math.min(...onsets.map((onset) => Math.abs(onset - said.startTimeMs)));
    t.ok(nearest >= 150, `"${line.text}" begins ${nearest.toFixed(0)} ms from the nearest word onset of its line (at least 150)`);
  }
});

t.test('reactions: none gives the strict turns of before: no line overlaps another, the fixed pauses to the millisecond', async (t) => {
  t.match((await get(`/api/episodes/${strict}`)).episode, { reactions: 'none', format: 'deep_dive' });
  const { lines } = await script(strict);
  t.same(lines.filter((line) => line.reaction || line.overlapMs !== undefined), [], 'no reaction, no cut-in');
  const segments = await transcript(strict);
  // The professional voice style's pauses for expert-curious (media/voice-casting.ts).
  const pause = (index: number) => (segments[index]?.speaker === segments[index - 1]?.speaker ? 250 : 450);
  for (let index = 1; index < segments.length; index += 1) {
    const gap = (segments[index]?.startTimeMs ?? 0) - (segments[index - 1]?.endTimeMs ?? 0);
    t.ok(Math.abs(gap - pause(index)) <= 1, `pause before line ${index}: ${gap} ms (${pause(index)})`);
  }
  // At some, the pauses between whole lines are drawn from natural ranges instead.
  const { lines: livelyLines } = await script(lively);
  const natural = await transcript(lively);
  const wholeLines = natural.filter((_, index) => !livelyLines[index]?.reaction);
  const gaps = wholeLines.slice(1).map((segment) => segment.startTimeMs - Math.max(...natural.filter((_, at) => at < natural.indexOf(segment)).map((earlier) => earlier.endTimeMs)));
  t.ok(new Set(gaps).size > gaps.length / 2, `pauses vary at some: ${gaps.join(', ')} ms`);
  t.ok(gaps.every((gap) => gap > 100 && gap < 1200), 'within natural bounds');
});

t.test('the script endpoints: a reaction with its anchor, changed with If-Match, refused when it breaks the rules', async (t) => {
  const { etag, lines } = await script(lively);
  const reaction = lines.find((line) => line.reaction) as Line;
  const under = reaction.reaction?.under as number;
  const scriptText = (await get(`/api/episodes/${lively}`)).episode.scriptText as string;
  t.ok(scriptText.split('\n').every((line) => /^\[Host \d\]: |^## /.test(line)), 'scriptText keeps its "[Host N]: text" form on every line');
  t.ok(scriptText.includes(`[${reaction.speaker}]: ${reaction.text}`), 'a reaction in it too');
  for (const [body, problem] of [
    [{ reaction: { afterWord: 999 } }, /past the end of the line it goes under/],
    [{ speaker: lines[under]?.speaker }, /a reaction is by a host who is listening/],
    [{ text: 'This is far too long for a reaction: a listener who says all of this is taking a turn of their own.' }, /at most 80 characters/],
    [{ reaction: { afterWord: 2 }, overlapMs: 300 }, /not both/],
  ] as const) {
    const refused = await send('PATCH', `/api/episodes/${lively}/script/lines/${reaction.index}`, body, etag);
    t.equal(refused.status, 400, JSON.stringify(body));
    t.match((await json(refused)).message, problem);
  }
  const stale = await send('PATCH', `/api/episodes/${lively}/script/lines/${reaction.index}`, { text: 'Oh, wow.' }, '"stale"');
  t.equal(stale.status, 412, 'a stale ETag is a 412');
  t.same((await script(lively)).etag, etag, 'and nothing changed');
  const first = await send('POST', `/api/episodes/${lively}/script/lines`, { index: 0, speaker: 'Host 2', text: 'Mm-hm.', reaction: {} });
  t.equal(first.status, 400, 'a reaction cannot open the script');
  t.match((await json(first)).message, /cannot start with one/);
});

t.test('an edited reaction: one line voiced, no other line moves; a reaction added and removed like any line', async (t) => {
  const before = await transcript(lively);
  const { etag, lines } = await script(lively);
  const reaction = lines.find((line) => line.reaction) as Line;
  const edited = await send('PATCH', `/api/episodes/${lively}/script/lines/${reaction.index}`, { text: 'Oh, really?' }, etag);
  t.equal(edited.status, 200);
  t.match((await json(edited)).lines[reaction.index], { text: 'Oh, really?', reaction: reaction.reaction });
  const rendering = await send('POST', `/api/episodes/${lively}/render`, undefined, edited.headers.get('etag') ?? '');
  t.equal(rendering.status, 202);
  await ready(lively);
  const revisions = (await get(`/api/episodes/${lively}/revisions`)).revisions as Record<string, unknown>[];
  t.match(revisions[0], { revision: 2, status: 'published', linesChanged: 1, linesRendered: 1 }, 'one line voiced');
  const after = await transcript(lively);
  after.forEach((segment, index) => {
    if (index === reaction.index) t.equal(segment.text, 'Oh, really?');
    else t.same([segment.startTimeMs, segment.endTimeMs], [before[index]?.startTimeMs, before[index]?.endTimeMs], `line ${index} keeps its times`);
  });

  // Inserted and removed as any line: a new reaction under a line, then that line removed with its reactions.
  const host = lines.findIndex((line, index) => index > 0 && !line.reaction && line.speaker === 'Host 1' && !lines[index + 1]?.reaction && lines[index - 1]?.speaker === 'Host 2');
  const current = await script(lively);
  const added = await send('POST', `/api/episodes/${lively}/script/lines`, { index: host + 1, speaker: 'Host 2', text: 'Huh.', reaction: {} }, current.etag);
  t.equal(added.status, 201);
  const addedLines = (await json(added)).lines as Line[];
  t.match(addedLines[host + 1], { text: 'Huh.', reaction: { under: host } }, 'the new reaction goes under the line before it');
  t.ok((addedLines[host + 1]?.reaction?.afterWord ?? 0) >= 1, 'after a word chosen for it');
  const removed = await send('DELETE', `/api/episodes/${lively}/script/lines/${host}`, undefined, added.headers.get('etag') ?? '');
  t.equal(removed.status, 200);
  t.equal(((await json(removed)).lines as Line[]).length, addedLines.length - 2, 'the line and the reaction under it are removed');
});

t.test('transcripts: overlapping cues in WebVTT, end to end in SubRip, search finds a reaction', async (t) => {
  const segments = await transcript(lively);
  const vtt = parseWebVtt(await (await api.request(`/api/episodes/${lively}/transcript?format=vtt`, { token: owner.accessToken })).text());
  const ordered = [...segments].sort((a, b) => a.startTimeMs - b.startTimeMs);
  t.same(vtt.cues.map((cue) => [cue.startMs, cue.endMs]), ordered.map((segment) => [segment.startTimeMs, segment.endTimeMs]), 'a cue per line at its own times, in order of start');
  t.ok(vtt.cues.some((cue, index) => index > 0 && cue.startMs < (vtt.cues[index - 1]?.endMs ?? 0)), 'cues overlap where lines do');
  const srt = await (await api.request(`/api/episodes/${lively}/transcript?format=srt`, { token: owner.accessToken })).text();
  const times = [...srt.matchAll(/(\d\d):(\d\d):(\d\d),(\d{3}) --> (\d\d):(\d\d):(\d\d),(\d{3})/g)].map((match) => {
    const ms = (h: string, m: string, s: string, f: string) => ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(f);
    return [ms(match[1] as string, match[2] as string, match[3] as string, match[4] as string), ms(match[5] as string, match[6] as string, match[7] as string, match[8] as string)] as const;
  });
  t.ok(times.every(([start, end], index) => end > start && (index === 0 || start >= (times[index - 1] as readonly [number, number])[1])), 'SubRip cues follow each other without overlapping');
  const reaction = segments.find((segment, index) => index > 0 && segment.startTimeMs < (segments[index - 1]?.endTimeMs ?? 0)) as Segment;
  t.match(srt, new RegExp(`${reaction.speaker}: ${reaction.text.replace(/[.?]/g, '\\$&')}`), 'the reaction is in the SubRip, beside the line it is said under');
  const word = reaction.text.replace(/[^\p{L}]+/gu, ' ').trim().split(' ')[0] as string;
  const found = await get(`/api/episodes/${lively}/transcript/search?q=${encodeURIComponent(word)}`);
  t.ok((found.matches as { text: string }[]).some((match) => match.text === reaction.text), `search finds "${word}" in the reaction`);
  const notes = await get(`/api/episodes/${lively}/show-notes`);
  const sections = (await script(lively)).lines.filter((line) => line.section);
  t.same((notes.chapters as { title: string }[]).map((chapter) => chapter.title), sections.map((line) => line.section), 'chapters are the sections, reactions or not');
});

t.test('format and reactions on the episode: shown, defaulted, and refused when unknown or for the wrong number of hosts', async (t) => {
  for (const [body, problem] of [
    [{ format: 'podcast' }, /format/],
    [{ reactions: 'loud' }, /reactions/],
    [{ format: 'brief', hostMode: 'multi' }, /A brief is read by one host/],
    [{ format: 'debate', hostMode: 'single' }, /A debate needs two hosts/],
    [{ format: 'interview' }, /An interview needs two hosts/],
  ] as const) {
    const response = await send('POST', '/api/episodes', { content: article, preset: 'quick', ...body });
    t.equal(response.status, 400, JSON.stringify(body));
    t.match((await json(response)).message, problem);
  }
  const accepted = await json(await send('POST', '/api/episodes', { content: article, preset: 'quick', format: 'brief' }));
  t.match(accepted.episode, { format: 'brief', reactions: 'some', hostMode: 'single' });
});

t.test('format and reactions on a briefing: stored, shown, changed, and refused for the wrong number of hosts', async (t) => {
  const refused = await send('POST', '/api/briefings', { name: 'Debate club', format: 'debate' });
  t.equal(refused.status, 400, 'a debate with the default single host');
  t.match((await json(refused)).message, /A debate needs two hosts or more: use host_mode multi/);
  t.equal((await send('POST', '/api/briefings', { name: 'Loud', reactions: 'loud' })).status, 400);
  const created = await send('POST', '/api/briefings', { name: 'Critics', host_mode: 'multi', format: 'critique', reactions: 'lively' });
  t.equal(created.status, 201);
  const { briefing } = await json(created);
  t.match(briefing, { format: 'critique', reactions: 'lively' });
  const defaults = (await json(await send('POST', '/api/briefings', { name: 'Plain' }))).briefing;
  t.match(defaults, { format: 'deep_dive', reactions: 'some' }, 'the defaults');
  const read = await api.request(`/api/briefings/${briefing.id}`, { token: owner.accessToken });
  const etag = read.headers.get('etag') ?? '';
  t.match((await json(read)).briefing, { format: 'critique', reactions: 'lively' });
  const brief = await send('PATCH', `/api/briefings/${briefing.id}`, { format: 'brief' }, etag);
  t.equal(brief.status, 400, 'a brief with its two hosts');
  const changed = await send('PATCH', `/api/briefings/${briefing.id}`, { format: 'brief', host_mode: 'single', reactions: 'none' }, etag);
  t.equal(changed.status, 200);
  t.match((await json(changed)).briefing, { format: 'brief', host_mode: 'single', reactions: 'none' });
});
