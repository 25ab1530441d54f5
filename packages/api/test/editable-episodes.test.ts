// Editable episodes end to end, with real workers and a loopback Chatterbox server that
// counts every line it is asked to voice: a ready episode's script edited line by line
// (ETag and If-Match, 412 on a stale tag, 409 during a render, 400 on bad input, 404 for
// someone else's), rendered again as a revision that voices exactly the changed lines,
// timings that move only after the edit, the previous audio, transcript and show notes
// served until the new revision is published, a failed re-render that leaves them
// served, a restore that voices nothing, one episode.updated per published revision, the
// feed item's new enclosure, usage without quota, and the retention of voiced lines.
import t from 'tap';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Parser from 'rss-parser';
import { addJob, SYSTEM_ACCOUNT } from '@castwright/core/jobs';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';
import { startFakeChatterbox } from '#test-helpers/fake-chatterbox';
import { readId3Chapters } from '#test-helpers/id3-chapters';
import { waitForJobs } from '#test-helpers/job-queue';
import { sseMessages } from '#test-helpers/sse-client';
import { creator, json, registerUser, startTestApi } from '#test-helpers/test-api';
import { waitForEpisode } from '#test-helpers/wait-for-episode';
import { parseWebVtt } from '#test-helpers/webvtt';
import { startWebhookReceiver, trustReceivers, verifyDelivery } from '#test-helpers/webhook-receiver';
import { until } from '#test-helpers/until';

t.setTimeout(600_000);
await trustReceivers();
const chatterbox = await startFakeChatterbox(t, { voices: ['alice', 'bob'] });
const BASE = 'https://podcasts.example.test';
const api = await startTestApi(t, { CHATTERBOX_URL: chatterbox.url, CHATTERBOX_RETRIES: '0', OUTBOUND_ALLOW_PRIVATE: '1', PUBLIC_BASE_URL: BASE });
await api.startWorkers('all');
const db = api.database.db;
const owner = await creator(api, 'enterprise');
const stranger = await registerUser(api);
const receiver = await startWebhookReceiver(t);
const hook = await json(await api.request('/api/webhooks', { method: 'POST', token: owner.accessToken, json: { url: receiver.url } }));

const CONTENT = [
  '# Bees at work',
  '## The waggle dance',
  'Bees dance to tell each other where flowers are. The angle of the dance points to the food. The length of the waggle tells the distance.',
  '## Honey',
  'Honey is made from nectar that the bees bring home. Workers fan their wings to dry the nectar into honey.',
].join('\n\n');

type Line = { index: number; speaker: string; text: string; section?: string; reaction?: { under: number; afterWord: number }; overlapMs?: number };
type Segment = { speaker: string; text: string; startTimeMs: number; endTimeMs: number };

async function create(body: Record<string, unknown> = {}): Promise<string> {
  const response = await api.request('/api/episodes', { method: 'POST', token: owner.accessToken, json: { content: CONTENT, preset: 'quick', hostMode: 'multi', ttsEngine: 'chatterbox', ...body } });
  if (response.status !== 202) throw new Error(`create: ${response.status} ${await response.text()}`);
  return (await json(response)).episode.id;
}

async function script(id: string, token = owner.accessToken) {
  const response = await api.request(`/api/episodes/${id}/script`, { token });
  const body = await json(response);
  return { status: response.status, etag: response.headers.get('etag') ?? '', lines: body.lines as Line[], body };
}

/** A change to the script or a render, with If-Match when a tag is given. */
function send(method: string, target: string, options: { etag?: string; body?: unknown; token?: string } = {}) {
  return api.request(target, {
    method,
    token: options.token ?? owner.accessToken,
    ...(options.body === undefined ? {} : { json: options.body }),
    ...(options.etag === undefined ? {} : { headers: { 'if-match': options.etag } }),
  });
}

const spoken = () => chatterbox.speechRequests().map((request) => (request.body as { input: string }).input);
const transcript = async (id: string) => (await json(await api.request(`/api/episodes/${id}/transcript`, { token: owner.accessToken }))).segments as Segment[];
const audio = async (id: string) => Buffer.from(await (await api.request(`/api/episodes/${id}/audio`, { token: owner.accessToken })).arrayBuffer());
const showNotes = async (id: string) => json(await api.request(`/api/episodes/${id}/show-notes`, { token: owner.accessToken }));
const revisions = async (id: string) => (await json(await api.request(`/api/episodes/${id}/revisions`, { token: owner.accessToken }))).revisions as Record<string, unknown>[];
const usage = async () => (await json(await api.request('/api/user/usage?months=1', { token: owner.accessToken }))).usage[0] as { totalCharacters: number; episodesCreated: number };
const quotaUsed = async () => (await json(await api.request('/api/user/quota', { token: owner.accessToken }))).quota.episodesUsed as number;

async function ready(id: string): Promise<void> {
  const episode = await waitForEpisode(db, id, ['ready', 'error'], 180_000);
  if (episode.status !== 'ready') throw new Error(`episode ${id} is ${episode.status}: ${episode.error_message}`);
}

/** Waits until the revision's render is over (published or failed). */
async function settled(id: string, revision: number): Promise<Record<string, unknown>> {
  return until(`revision ${revision} of ${id} to finish`, async () => {
    const found = (await revisions(id)).find((row) => row.revision === revision);
    const episode = await selectEpisodeById(db, id);
    return found && found.status !== 'rendering' && episode?.status !== 'generating_audio' ? found : undefined;
  }, 180_000);
}

/** Makes the next `count` render attempts' MP3 uploads fail: storage refuses the file (a folder sits where it goes). */
async function refuseUploads(id: string, count: number): Promise<() => Promise<void>> {
  const episode = await selectEpisodeById(db, id);
  const folders = Array.from({ length: count }, (_, n) => path.join(api.config.dataDir, 'storage', 'episodes', id, `audio-${(episode?.render_attempt ?? 0) + n + 1}.mp3`));
  for (const folder of folders) {
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'in-the-way'), 'x');
  }
  return async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  };
}

const id = await create();
await ready(id);
const original = await script(id);
const firstSpoken = spoken();

t.test('the first render is revision 1: every distinct line voiced once', async (t) => {
  t.same(hook.webhook.events, ['episode.completed', 'episode.updated', 'episode.failed'], 'a new webhook takes episode.updated among every event');
  t.equal(original.status, 200);
  t.match(original.etag, /^"[A-Za-z0-9_-]+"$/, 'a strong ETag');
  t.match(original.body, { editable: true, publishedRevision: 1, pendingChanges: 0, status: 'ready' });
  const distinct = new Set(original.lines.map((line) => `${line.speaker}|${line.text}`)).size;
  t.equal(firstSpoken.length, distinct, `${distinct} distinct lines, ${firstSpoken.length} engine calls`);
  t.match(await revisions(id), [{ revision: 1, status: 'published', linesChanged: original.lines.length, linesRendered: distinct, linesReused: original.lines.length - distinct, error: null, restoredFrom: null }]);
  t.equal(await quotaUsed(), 1);
});

t.test("someone else's episode is a 404 on every route", async (t) => {
  const other = { token: stranger.accessToken };
  const routes: [string, string, unknown?][] = [
    ['GET', `/api/episodes/${id}/script`],
    ['PUT', `/api/episodes/${id}/script`, { lines: [{ speaker: 'Host 1', text: 'Mine now.' }] }],
    ['POST', `/api/episodes/${id}/script/lines`, { index: 0, speaker: 'Host 1', text: 'Mine now.' }],
    ['PATCH', `/api/episodes/${id}/script/lines/0`, { text: 'Mine now.' }],
    ['DELETE', `/api/episodes/${id}/script/lines/0`],
    ['POST', `/api/episodes/${id}/render`],
    ['GET', `/api/episodes/${id}/revisions`],
    ['POST', `/api/episodes/${id}/revisions/1/restore`],
  ];
  for (const [method, target, body] of routes) {
    const response = await send(method, target, { ...other, body });
    t.equal(response.status, 404, `${method} ${target}`);
    t.match(await json(response), { success: false, error: 'Not found' });
  }
  t.equal((await send('GET', `/api/episodes/${id}/revisions`, { token: '' })).status, 401);
  t.same((await script(id)).lines, original.lines, 'nothing changed');
});

t.test('bad indexes and bodies are 400, a missing line or revision 404, and change nothing', async (t) => {
  const { etag, lines } = await script(id);
  const bad: [string, string, unknown?][] = [
    ['POST', `/api/episodes/${id}/script/lines`, { index: lines.length + 1, speaker: 'Host 1', text: 'Too far.' }],
    ['POST', `/api/episodes/${id}/script/lines`, { index: 0, speaker: 'Host 1' }],
    ['POST', `/api/episodes/${id}/script/lines`, { index: -1, speaker: 'Host 1', text: 'Negative.' }],
    ['POST', `/api/episodes/${id}/script/lines`, { index: 0, speaker: 'Host 9', text: 'Who?' }],
    ['POST', `/api/episodes/${id}/script/lines`, { index: 0, speaker: 'Host 1', text: '   ' }],
    ['POST', `/api/episodes/${id}/script/lines`, { index: 0, speaker: 'Host 1', text: 'Extra.', voice: 'x' }],
    ['PATCH', `/api/episodes/${id}/script/lines/abc`, { text: 'x' }],
    ['PATCH', `/api/episodes/${id}/script/lines/0`, {}],
    ['DELETE', `/api/episodes/${id}/script/lines/-1`],
    ['PUT', `/api/episodes/${id}/script`, { lines: [] }],
    ['GET', `/api/episodes/${id}/revisions?limit=0`],
    ['POST', `/api/episodes/${id}/revisions/0/restore`],
    ['POST', `/api/episodes/${id}/revisions/first/restore`],
  ];
  for (const [method, target, body] of bad) {
    const response = await send(method, target, { body });
    t.equal(response.status, 400, `${method} ${target} ${JSON.stringify(body ?? '')}`);
    t.equal((await json(response)).success, false);
  }
  t.equal((await send('PATCH', `/api/episodes/${id}/script/lines/${lines.length}`, { body: { text: 'x' } })).status, 404);
  t.equal((await send('DELETE', `/api/episodes/${id}/script/lines/${lines.length}`)).status, 404);
  t.equal((await send('POST', `/api/episodes/${id}/revisions/99/restore`)).status, 404);
  const after = await script(id);
  t.same(after.lines, lines);
  t.equal(after.etag, etag, 'the ETag did not move');
  t.equal((await revisions(id)).length, 1, 'no revision was made');
});

t.test('a stale If-Match is a 412 on every change: two editors never overwrite each other', async (t) => {
  const { etag: first } = await script(id);
  const edited = await send('PATCH', `/api/episodes/${id}/script/lines/0`, { etag: first, body: { text: 'Welcome back to the show about bees.' } });
  t.equal(edited.status, 200);
  const second = edited.headers.get('etag') ?? '';
  t.not(second, first, 'the change moved the ETag');
  t.equal((await json(edited)).pendingChanges, 1);
  const stale: [string, string, unknown?][] = [
    ['PUT', `/api/episodes/${id}/script`, { lines: [{ speaker: 'Host 1', text: 'Overwritten.' }] }],
    ['POST', `/api/episodes/${id}/script/lines`, { index: 0, speaker: 'Host 1', text: 'Inserted.' }],
    ['PATCH', `/api/episodes/${id}/script/lines/1`, { text: 'Overwritten.' }],
    ['DELETE', `/api/episodes/${id}/script/lines/1`],
    ['POST', `/api/episodes/${id}/render`],
    ['POST', `/api/episodes/${id}/revisions/1/restore`],
  ];
  for (const [method, target, body] of stale) {
    const response = await send(method, target, { etag: first, body });
    t.equal(response.status, 412, `${method} ${target}`);
    t.match(await json(response), { success: false, error: 'Precondition failed' });
  }
  const now = await script(id);
  t.equal(now.etag, second);
  t.equal(now.lines[0]?.text, 'Welcome back to the show about bees.', 'only the first editor\'s change is there');
  // Undo, so the renders below start from the published script.
  t.equal((await send('PUT', `/api/episodes/${id}/script`, { etag: second, body: { lines: original.lines.map(({ speaker, text, section, reaction, overlapMs }) => ({ speaker, text, ...(section ? { section } : {}), ...(reaction ? { reaction: { afterWord: reaction.afterWord } } : {}), ...(overlapMs ? { overlapMs } : {}) })) } })).status, 200);
  t.equal((await script(id)).etag, original.etag, 'the same script has the same ETag');
});

t.test('one line edited and rendered: exactly that line voiced; listeners keep the old audio until it is published', async (t) => {
  const feed = await openFeed(id);
  const before = { transcript: await transcript(id), audio: await audio(id), notes: await showNotes(id), usage: await usage(), feed: await readFeed(feed) };
  // The line before the last section: that section's chapter must move with the lines after the edit.
  const k = original.lines.findLastIndex((line) => line.section) - 1;
  t.ok(k >= 1, `line ${k} is edited`);
  const newText = 'Scouts come back to the hive and dance again until other bees follow them out.';
  const { etag } = await script(id);
  const edited = await send('PATCH', `/api/episodes/${id}/script/lines/${k}`, { etag, body: { text: newText } });
  t.equal(edited.status, 200);
  t.same(await revisions(id).then((rows) => rows.length), 1, 'an edit alone renders nothing');
  t.same(await transcript(id), before.transcript, 'an edit alone changes nothing listeners get');

  const calls = spoken().length;
  chatterbox.faults.push({ kind: 'slow', ms: 4000 }); // the edited line takes a while: the render is caught in the middle
  const rendering = await send('POST', `/api/episodes/${id}/render`, { etag: edited.headers.get('etag') ?? '' });
  t.equal(rendering.status, 202);
  t.match(await json(rendering), { success: true, episode: { id, status: 'generating_audio' }, revision: { revision: 2, linesChanged: 1, restoredFrom: null } });
  const stream = await api.request(`/api/episodes/${id}/stream`, { token: owner.accessToken });
  const messages: Record<string, unknown>[] = [];
  const reading = (async () => {
    for await (const message of sseMessages(stream)) {
      messages.push(message);
      if (message.status === 'ready' || message.status === 'error') break;
    }
  })();

  await until('the edited line to reach the engine', () => spoken().slice(calls).includes(newText), 120_000, 50);
  t.equal((await selectEpisodeById(db, id))?.status, 'generating_audio', 'caught while the edited line is being voiced');
  const during = await json(await api.request(`/api/episodes/${id}`, { token: owner.accessToken }));
  t.match(during.episode, { status: 'generating_audio', audioUrl: `/api/episodes/${id}/audio` }, 'the audio address stays');
  t.ok((await audio(id)).equals(before.audio), 'the previous audio is served');
  t.same(await transcript(id), before.transcript, 'and its transcript');
  t.same(await showNotes(id), before.notes, 'and its show notes and chapters');
  t.same((await readFeed(feed)).item, before.feed.item, 'and the feed item');
  for (const [method, target, body] of [
    ['PATCH', `/api/episodes/${id}/script/lines/0`, { text: 'During the render.' }],
    ['POST', `/api/episodes/${id}/script/lines`, { index: 0, speaker: 'Host 1', text: 'During the render.' }],
    ['DELETE', `/api/episodes/${id}/script/lines/0`, undefined],
    ['PUT', `/api/episodes/${id}/script`, { lines: [{ speaker: 'Host 1', text: 'During the render.' }] }],
    ['POST', `/api/episodes/${id}/render`, undefined],
    ['POST', `/api/episodes/${id}/revisions/1/restore`, undefined],
  ] as const) {
    const response = await send(method, target, { body });
    t.equal(response.status, 409, `${method} ${target} while rendering`);
    t.match((await json(response)).message, /render/);
  }

  await ready(id);
  await reading;
  t.same(spoken().slice(calls), [newText], 'exactly the edited line was voiced');
  const statuses = messages.map((message) => message.status);
  t.equal(statuses[0], 'generating_audio');
  t.equal(statuses.at(-1), 'ready');
  t.ok(messages.every((message, n) => n === 0 || (message.progressPercent as number) > (messages[n - 1]?.progressPercent as number)), `progress only moves forward: ${messages.map((message) => message.progressPercent).join(', ')}`);
  t.match(messages.at(-1), { status: 'ready', progressPercent: 100, audioUrl: `/api/episodes/${id}/audio` });

  // Timings: unchanged before the edit, shifted by the measured difference after it.
  const after = await transcript(id);
  const row = await selectEpisodeById(db, id);
  t.equal(after[k]?.text, newText);
  const timing = (segment: Segment | undefined) => ({ speaker: segment?.speaker, text: segment?.text, startTimeMs: segment?.startTimeMs, endTimeMs: segment?.endTimeMs });
  for (let n = 0; n < k; n++) t.same(timing(after[n]), timing(before.transcript[n]), `line ${n} (before the edit) keeps its timing`);
  t.equal(after[k]?.startTimeMs, before.transcript[k]?.startTimeMs, 'the edited line starts where it did');
  const shift = (after[k + 1]?.startTimeMs ?? 0) - (before.transcript[k + 1]?.startTimeMs ?? 0);
  t.not(shift, 0, 'a longer line moves what follows');
  for (let n = k + 1; n < after.length; n++) {
    t.ok(Math.abs(((after[n]?.startTimeMs ?? 0) - (before.transcript[n]?.startTimeMs ?? 0)) - shift) <= 1, `line ${n} starts ${shift} ms later`);
    t.ok(Math.abs(((after[n]?.endTimeMs ?? 0) - (before.transcript[n]?.endTimeMs ?? 0)) - shift) <= 1, `line ${n} ends ${shift} ms later`);
  }
  const grew = (row?.audio_duration_ms ?? 0) - (await previousDuration(id, 1));
  // The MP3 is whole frames (1152 samples at 44.1 kHz, 26.1 ms): its length moves by the shift to within one frame.
  t.ok(Math.abs(grew - shift) <= (1152 / 44_100) * 1000, `the episode grew by the same ${shift} ms, to a frame (${grew} ms)`);
  // The chapters (show notes, and the MP3's) follow the new timeline.
  const notes = (await showNotes(id)).chapters as { title: string; timestampMs: number }[];
  t.equal(notes.length, before.notes.chapters.length);
  notes.forEach((chapter, n) => {
    const was = before.notes.chapters[n] as { title: string; timestampMs: number };
    const moved = chapter.timestampMs > (after[k]?.startTimeMs ?? 0);
    t.ok(Math.abs(chapter.timestampMs - was.timestampMs - (moved ? shift : 0)) <= 1, `chapter "${chapter.title}" ${moved ? 'moved with its line' : 'stayed'}`);
  });
  t.ok(notes.some((chapter) => chapter.timestampMs > (after[k]?.startTimeMs ?? 0)), 'a chapter comes after the edit');
  t.same(readId3Chapters(await audio(id)).chapters.map((chapter) => [chapter.startMs, chapter.title]), notes.map((chapter) => [chapter.timestampMs, chapter.title]), "the MP3's CHAP frames are the new chapters");
  const vtt = await (await api.request(`/api/episodes/${id}/transcript?format=vtt`, { token: owner.accessToken })).text();
  t.same(parseWebVtt(vtt).cues.map((cue) => [cue.startMs, cue.endMs]), after.map((segment) => [segment.startTimeMs, segment.endTimeMs]), 'so does the WebVTT');

  t.match(await revisions(id), [
    { revision: 2, status: 'published', linesChanged: 1, linesRendered: 1, linesReused: original.lines.length - 1, error: null },
    { revision: 1, status: 'replaced' },
  ]);
  t.notOk((await audio(id)).equals(before.audio), 'the new audio is served');
  t.equal((await script(id)).body.pendingChanges, 0);

  // Usage: what was voiced, no new episode.
  const now = await usage();
  t.equal(now.totalCharacters - before.usage.totalCharacters, newText.length, 'the characters of the one voiced line');
  t.equal(now.episodesCreated, before.usage.episodesCreated, 'a re-render is not a new episode');
  t.equal(await quotaUsed(), 1);

  // Feeds: the same item, a new enclosure.
  const feedAfter = await readFeed(feed);
  t.equal(feedAfter.item.guid, before.feed.item.guid, 'the item keeps its guid');
  t.not(feedAfter.item.url, before.feed.item.url, 'a new enclosure address');
  t.match(feedAfter.item.url, /\/audio\.mp3\?v=2$/);
  t.equal(feedAfter.item.length, (await audio(id)).length, 'its length is the new file\'s');
  t.not(feedAfter.etag, before.feed.etag, 'the feed\'s ETag changed');
  const served = await api.request(new URL(feedAfter.item.url).pathname + new URL(feedAfter.item.url).search, { method: 'HEAD' });
  t.equal(served.status, 200);
  t.equal(Number(served.headers.get('content-length')), feedAfter.item.length);
});

t.test('inserting and removing lines: only the new line is voiced', async (t) => {
  const { etag, lines } = await script(id);
  const inserted = await send('POST', `/api/episodes/${id}/script/lines`, { etag, body: { index: 1, speaker: 'Host 2', text: 'Wait, do all bees dance, or only the scouts?' } });
  t.equal(inserted.status, 201);
  const afterInsert = await json(inserted);
  t.equal(afterInsert.lines.length, lines.length + 1);
  t.match(afterInsert.lines[1], { index: 1, speaker: 'Host 2', text: 'Wait, do all bees dance, or only the scouts?' });
  const sectioned = lines.findIndex((line, n) => n > 1 && line.section);
  t.ok(sectioned > 1 && !lines[sectioned + 1]?.section, 'a later line opens a section, and the one after it does not');
  const removed = await send('DELETE', `/api/episodes/${id}/script/lines/${sectioned + 1}`, { etag: inserted.headers.get('etag') ?? '' });
  t.equal(removed.status, 200);
  const afterRemove = await json(removed);
  t.equal(afterRemove.lines.length, lines.length);
  t.equal(afterRemove.lines[sectioned + 1].section, lines[sectioned]?.section, 'the section of a removed line moves to the next line (its chapter stays)');
  t.equal(afterRemove.pendingChanges, 3, 'one line added, one removed and one given its section');

  const calls = spoken().length;
  const both = await Promise.all([send('POST', `/api/episodes/${id}/render`), send('POST', `/api/episodes/${id}/render`)]);
  t.same(both.map((response) => response.status).sort(), [202, 409], 'of two renders at once, one starts');
  await ready(id);
  t.same(spoken().slice(calls), ['Wait, do all bees dance, or only the scouts?'], 'only the inserted line was voiced');
  t.match((await revisions(id))[0], { revision: 3, status: 'published', linesChanged: 3, linesRendered: 1 });
  t.same((await transcript(id)).map((segment) => segment.text), afterRemove.lines.map((line: Line) => line.text));
});

t.test('a failed re-render keeps the previous revision published and ready, and says why', async (t) => {
  const before = { audio: await audio(id), transcript: await transcript(id), row: await selectEpisodeById(db, id), usage: await usage() };
  const { etag } = await script(id);
  const hello = 'Hello and welcome to a show about bees.';
  t.equal((await send('PATCH', `/api/episodes/${id}/script/lines/0`, { etag, body: { text: hello } })).status, 200);
  const release = await refuseUploads(id, 3);
  const rendering = await json(await send('POST', `/api/episodes/${id}/render`));
  const failed = await settled(id, rendering.revision.revision);
  await release();
  t.match(failed, { status: 'failed', error: /could not be saved to storage/, linesRendered: null });
  const row = await selectEpisodeById(db, id);
  t.match(row, { status: 'ready', progress_percent: 100, published_revision: before.row?.published_revision, audio_key: before.row?.audio_key, error_message: null });
  t.ok((await audio(id)).equals(before.audio), 'the previous audio is still served');
  t.same(await transcript(id), before.transcript, 'with its transcript');
  const detail = await json(await api.request(`/api/episodes/${id}`, { token: owner.accessToken }));
  t.match(detail.episode, { status: 'ready', error: null });

  // Rendered again, the line the failed render voiced is found stored: nothing is voiced.
  const calls = spoken().length;
  const retried = await json(await send('POST', `/api/episodes/${id}/render`));
  t.equal((await settled(id, retried.revision.revision)).status, 'published');
  t.same(spoken().slice(calls), [], 'the failed render\'s line was kept');
  t.equal((await usage()).totalCharacters - before.usage.totalCharacters, hello.length, 'and counted once in the usage, when it was published');
});

t.test('restoring a revision renders its script from stored lines: nothing is voiced', async (t) => {
  const calls = spoken().length;
  const { etag } = await script(id);
  const restored = await send('POST', `/api/episodes/${id}/revisions/1/restore`, { etag });
  t.equal(restored.status, 202);
  const body = await json(restored);
  t.match(body.revision, { restoredFrom: 1 });
  const done = await settled(id, body.revision.revision);
  t.match(done, { status: 'published', restoredFrom: 1, linesRendered: 0, linesReused: original.lines.length });
  t.same(spoken().slice(calls), [], 'no line voiced again');
  t.same((await script(id)).lines, original.lines, 'the script is revision 1\'s');
  t.same((await transcript(id)).map((segment) => segment.text), original.lines.map((line) => line.text));
});

t.test('episode.updated once per published revision; episode.completed only for the first ready', async (t) => {
  const published = (await revisions(id)).filter((row) => row.status !== 'failed').map((row) => row.revision as number).filter((revision) => revision > 1).sort((a, b) => a - b);
  const expected = 1 + published.length;
  await receiver.waitForRequests(expected, 60_000);
  // A duplicate could only come from a delivery job still queued: wait for the queue to run dry of them.
  await waitForJobs(db, 'webhook:deliver', 60_000);
  const events = receiver.requests.map((request) => verifyDelivery(request, hook.webhook.secret) as { event: string; data: { episode: { id: string; audioUrl: string }; revision?: number } });
  const mine = events.filter((event) => event.data.episode.id === id);
  t.equal(mine.filter((event) => event.event === 'episode.completed').length, 1, 'one episode.completed');
  t.equal(mine.filter((event) => event.event === 'episode.failed').length, 0, 'a failed re-render is no episode.failed');
  const updates = mine.filter((event) => event.event === 'episode.updated');
  t.same(updates.map((event) => event.data.revision).sort((a, b) => (a ?? 0) - (b ?? 0)), published, 'one episode.updated per published revision');
  t.match(updates[0]?.data.episode, { id, status: 'ready', audioUrl: `${BASE}/api/episodes/${id}/audio` });
});

t.test('an episode whose first render failed: its script can be edited and rendered, then it completes', async (t) => {
  const reviewed = await create({ reviewScript: true });
  await waitForEpisode(db, reviewed, ['review_script']);
  const renderInReview = await send('POST', `/api/episodes/${reviewed}/render`);
  t.equal(renderInReview.status, 409, 'review_script renders through approve-script');
  t.match((await json(renderInReview)).message, /approve/);
  const release = await refuseUploads(reviewed, 3);
  t.equal((await send('POST', `/api/episodes/${reviewed}/approve-script`)).status, 202);
  const failed = await waitForEpisode(db, reviewed, ['error', 'ready'], 180_000);
  await release();
  t.equal(failed.status, 'error');
  const { etag, body } = await script(reviewed);
  t.match(body, { editable: true, publishedRevision: null, pendingChanges: null });
  t.equal((await send('PATCH', `/api/episodes/${reviewed}/script/lines/0`, { etag, body: { text: 'Welcome to a second try at bees.' } })).status, 200);
  const rendering = await send('POST', `/api/episodes/${reviewed}/render`);
  t.equal(rendering.status, 202);
  await ready(reviewed);
  t.match(await revisions(reviewed), [{ revision: 2, status: 'published' }, { revision: 1, status: 'failed', error: /could not be saved/ }]);
  const eventsOf = () => receiver.requests.map((request) => JSON.parse(request.body) as { event: string; data: { episode: { id: string } } }).filter((event) => event.data.episode.id === reviewed);
  await until('both events delivered', () => eventsOf().length >= 2, 60_000);
  const events = eventsOf();
  t.same(events.map((event) => event.event), ['episode.failed', 'episode.completed'], 'failed, then completed at its first ready');
});

t.test('retention: lines the published revision does not use go after the retention period; the episode takes the rest', async (t) => {
  const segmentsDir = path.join(api.config.dataDir, 'storage', 'episodes', id, 'segments');
  const stored = async () => (await readdir(segmentsDir).catch(() => [] as string[])).filter((name) => name.endsWith('.wav')).sort();
  const published = (await selectEpisodeById(db, id))?.published_revision as number;
  const keys = (await db.selectFrom('episode_revisions').select('segment_keys').where('episode_id', '=', id).where('revision', '=', published).executeTakeFirstOrThrow()).segment_keys ?? [];
  const kept = [...new Set(keys)].map((key) => `${key}.wav`).sort();
  const before = await stored();
  t.ok(before.length > kept.length, `${before.length} lines stored, ${kept.length} used by the published revision`);

  const audioFiles = async () => (await readdir(path.join(api.config.dataDir, 'storage', 'episodes', id))).filter((name) => name.endsWith('.mp3')).sort();
  const replacedAudio = async () => (await db.selectFrom('episode_revisions').select('audio_key').where('episode_id', '=', id).where('status', '=', 'replaced').execute()).flatMap((row) => (row.audio_key ? [path.basename(row.audio_key)] : []));
  const oldAudio = await replacedAudio();
  t.ok(oldAudio.length > 0, `replaced revisions still have their audio (${oldAudio.join(', ')})`);
  t.ok((await audioFiles()).length > oldAudio.length);

  // Recently used lines stay (an undo voices nothing); replaced audio goes at the next sweep...
  await addJob(db, 'maintenance:segment-retention', {}, { account: SYSTEM_ACCOUNT, fair: true });
  await waitForJobs(db, 'maintenance:segment-retention', 30_000);
  t.same(await stored(), before, 'no line is removed within the retention period');
  t.same(await replacedAudio(), [], 'replaced revisions lose their audio');
  t.same(await audioFiles(), [path.basename((await selectEpisodeById(db, id))?.audio_key ?? '')], 'only the published audio is left');
  t.ok((await audio(id)).length > 0, 'and it is served');
  // ...and lines go once SEGMENT_RETENTION_DAYS (30) have passed since a render last used them.
  await db.updateTable('episode_segments').set({ last_used_at: new Date(Date.now() - 31 * 86_400_000) }).where('episode_id', '=', id).execute();
  await addJob(db, 'maintenance:segment-retention', {}, { account: SYSTEM_ACCOUNT, fair: true });
  await waitForJobs(db, 'maintenance:segment-retention', 30_000);
  t.same(await stored(), kept, 'only the published revision\'s lines are left');
  t.same((await db.selectFrom('episode_segments').select('segment_key').where('episode_id', '=', id).execute()).map((row) => `${row.segment_key}.wav`).sort(), kept);
  const calls = spoken().length;
  const rerendered = await json(await send('POST', `/api/episodes/${id}/render`));
  t.equal((await settled(id, rerendered.revision.revision)).status, 'published');
  t.same(spoken().slice(calls), [], 'the published revision renders again from its kept lines');

  t.equal((await api.request(`/api/episodes/${id}`, { method: 'DELETE', token: owner.accessToken })).status, 200);
  t.same(await stored(), [], 'deleting the episode deletes its voiced lines');
});

/** The episode's item in a private feed of a playlist holding it. */
async function openFeed(episodeId: string): Promise<string> {
  const playlist = (await json(await api.request('/api/playlists', { method: 'POST', token: owner.accessToken, json: { name: 'Bees' } }))).playlist.id as string;
  await api.request(`/api/playlists/${playlist}/episodes`, { method: 'POST', token: owner.accessToken, json: { episodeId } });
  const { feedUrl } = await json(await api.request(`/api/playlists/${playlist}/feed`, { method: 'POST', token: owner.accessToken }));
  return (feedUrl as string).slice(BASE.length);
}

async function readFeed(feedPath: string) {
  const response = await api.request(feedPath);
  const feed = await new Parser().parseString(await response.text());
  const item = feed.items[0];
  return { etag: response.headers.get('etag'), item: { guid: item?.guid, url: item?.enclosure?.url ?? '', length: Number(item?.enclosure?.length) } };
}

/** A revision's audio length in ms. */
async function previousDuration(episodeId: string, revision: number): Promise<number> {
  const row = await db.selectFrom('episode_revisions').select('audio_duration_ms').where('episode_id', '=', episodeId).where('revision', '=', revision).executeTakeFirstOrThrow();
  return row.audio_duration_ms ?? 0;
}
