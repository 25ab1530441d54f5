// PATCH /api/episodes/:id (title, description, the public switch), what a public episode
// shows without credentials, and the transcript and chapter formats.
import t from 'tap';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse as parseSubtitles } from '@plussub/srt-vtt-parser';
import { createStorage } from '@castwright/core/storage/create-storage';
import { episodeAudioKey } from '@castwright/core/storage/object-storage';
import { insertEpisodes } from '#test-helpers/episode-rows';
import { creator, json, startTestApi } from '#test-helpers/test-api';
import { parseWebVtt } from '#test-helpers/webvtt';

const api = await startTestApi(t);
const db = api.database.db;
const owner = await creator(api, 'enterprise');
const stranger = await creator(api, 'enterprise');

const SEGMENTS: { speaker: 'Host 1' | 'Host 2'; text: string; start_ms: number; end_ms: number }[] = [
  { speaker: 'Host 1', text: 'Welcome to the show about tides & moons.', start_ms: 300, end_ms: 4120 },
  { speaker: 'Host 2', text: 'Is it true that <b>the moon</b> --> pulls the sea?', start_ms: 4570, end_ms: 8999 },
  { speaker: 'Host 1', text: 'It is. Twice a day, for over an hour: 3725 seconds.', start_ms: 9450, end_ms: 3_725_004 },
];
const SHOW_NOTES = {
  summary: 'Tides.',
  keyPoints: ['The moon pulls the sea.'],
  topics: ['tides'],
  chapters: [
    { title: 'Welcome', timestamp: '00:00', timestampMs: 300 },
    { title: 'The moon', timestamp: '00:04', timestampMs: 4570 },
  ],
};
const audio = randomBytes(20_000);

/** A ready episode made from known parts: audio in storage, transcript rows and show notes. */
async function readyEpisode(): Promise<string> {
  const [id] = (await insertEpisodes(db, owner.userId, 1, {
    status: 'ready',
    progress_percent: 100,
    audio_key: 'pending',
    audio_duration_ms: 3_725_004,
    show_notes: JSON.stringify(SHOW_NOTES),
    script_text: '[Host 1]: Welcome.',
    completed_at: new Date('2025-03-01T10:00:00Z'),
  })) as [string];
  const file = join(t.testdir(), `${id}.mp3`);
  await writeFile(file, audio);
  await createStorage(api.config).putFile(episodeAudioKey(id, 1), file, 'audio/mpeg');
  await db.updateTable('episodes').set({ audio_key: episodeAudioKey(id, 1) }).where('id', '=', id).execute();
  await db.insertInto('transcript_segments').values(SEGMENTS.map((segment, position) => ({ id: `seg_${id}_${position}`, episode_id: id, position, confidence: 1, ...segment }))).execute();
  return id;
}

const id = await readyEpisode();
/** `token` null: no credentials at all. */
const patch = (body: unknown, token: string | null = owner.accessToken, target = id) =>
  api.request(`/api/episodes/${target}`, { method: 'PATCH', ...(token !== null && { token }), json: body });

/** Every read a public episode opens to anyone. */
const READS = [
  `/api/episodes/${id}`,
  `/api/episodes/${id}/audio`,
  `/api/episodes/${id}/transcript`,
  `/api/episodes/${id}/transcript?format=json`,
  `/api/episodes/${id}/transcript?format=vtt`,
  `/api/episodes/${id}/transcript?format=srt`,
  `/api/episodes/${id}/show-notes`,
  `/api/episodes/${id}/chapters`,
  `/api/episodes/${id}/transcript/search?q=moon`,
];

async function statuses(token?: string): Promise<number[]> {
  return Promise.all(READS.map(async (path) => {
    const response = await api.request(path, token ? { token } : {});
    await response.arrayBuffer();
    return response.status;
  }));
}

t.test('PATCH edits the title and description and flips isPublic; the view shows it', async (t) => {
  const response = await patch({ title: '  Tides, explained ', description: 'Why the sea moves.' });
  t.equal(response.status, 200);
  const { episode } = await json(response);
  t.match(episode, { id, title: 'Tides, explained', description: 'Why the sea moves.', isPublic: false, status: 'ready' });
  t.match((await json(await patch({ isPublic: true }))).episode, { title: 'Tides, explained', isPublic: true, isOwner: true });
  t.match((await json(await api.request(`/api/episodes/${id}`))).episode, { isPublic: true, title: 'Tides, explained', isOwner: false }, 'read without credentials: not the owner');
  t.match((await json(await api.request(`/api/episodes/${id}`, { token: stranger.accessToken }))).episode, { isPublic: true, isOwner: false }, "read by another account: not the owner's controls");
  t.match((await json(await api.request(`/api/episodes/${id}`, { token: owner.accessToken }))).episode, { isPublic: true, isOwner: true });
  t.match((await json(await patch({ isPublic: false }))).episode, { isPublic: false });
});

t.test('bad edits are 400s, others get 404, and nothing changes', async (t) => {
  const before = await db.selectFrom('episodes').select(['title', 'description', 'is_public', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();
  const bad: [string, unknown][] = [
    ['empty body', {}],
    ['blank title', { title: '   ' }],
    ['empty title', { title: '' }],
    ['title over 200', { title: 'x'.repeat(201) }],
    ['description over 2000', { description: 'x'.repeat(2001) }],
    ['isPublic not boolean', { isPublic: 'yes please' }],
    ['unknown field', { status: 'ready' }],
  ];
  for (const [name, body] of bad) {
    const response = await patch(body);
    t.equal(response.status, 400, name);
    t.match(await json(response), { success: false, error: 'Validation failed', message: String }, name);
  }
  const foreign = await patch({ isPublic: true }, stranger.accessToken);
  t.equal(foreign.status, 404);
  t.match(await json(foreign), { success: false, error: 'Not found' });
  t.equal((await patch({ isPublic: true }, null)).status, 401);
  t.equal((await patch({ isPublic: true }, owner.accessToken, 'ep_missing')).status, 404);
  t.same(await db.selectFrom('episodes').select(['title', 'description', 'is_public', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow(), before);
});

t.test('title and description wait for the script; the public switch does not', async (t) => {
  const [queued] = (await insertEpisodes(db, owner.userId, 1)) as [string];
  const early = await patch({ title: 'Mine' }, owner.accessToken, queued);
  t.equal(early.status, 409);
  t.match(await json(early), { error: 'Conflict', message: /once the script is written \(the episode is queued\)/ });
  t.match((await json(await patch({ isPublic: true }, owner.accessToken, queued))).episode, { isPublic: true, title: 'Episode 1' });
});

t.test('a public episode answers every read without credentials; private again takes effect at once', async (t) => {
  t.same(await statuses(), READS.map(() => 401), 'private: 401 without credentials');
  t.same(await statuses(stranger.accessToken), READS.map(() => 404), "private: 404 for someone else");
  t.same(await statuses(owner.accessToken), READS.map(() => 200), 'the owner reads everything');

  await patch({ isPublic: true });
  t.same(await statuses(), READS.map(() => 200), 'public: no credentials needed');
  t.same(await statuses(stranger.accessToken), READS.map(() => 200), 'public: anyone signed in too');
  const publicAudio = await api.request(`/api/episodes/${id}/audio`);
  t.equal(publicAudio.headers.get('cache-control'), 'public, no-cache', 'caches must revalidate before each use');
  t.ok(Buffer.from(await publicAudio.arrayBuffer()).equals(audio));

  await patch({ isPublic: false });
  t.same(await statuses(), READS.map(() => 401), 'private again: refused at once');
  t.same(await statuses(stranger.accessToken), READS.map(() => 404));
  const privateAudio = await api.request(`/api/episodes/${id}/audio`, { token: owner.accessToken });
  t.equal(privateAudio.headers.get('cache-control'), 'private, no-cache', 'no shared cache may keep it');
  await privateAudio.arrayBuffer();
});

t.test('audio: HEAD without a body, validators, 304, and If-Range', async (t) => {
  const head = await api.request(`/api/episodes/${id}/audio`, { method: 'HEAD', token: owner.accessToken });
  t.equal(head.status, 200);
  t.equal(head.headers.get('content-length'), String(audio.length));
  t.equal(head.headers.get('accept-ranges'), 'bytes');
  t.equal((await head.arrayBuffer()).byteLength, 0);
  const etag = head.headers.get('etag') as string;
  t.match(etag, /^"[a-z0-9]+-[a-z0-9]+"$/);
  t.equal(head.headers.get('last-modified'), 'Sat, 01 Mar 2025 10:00:00 GMT');

  const cached = await api.request(`/api/episodes/${id}/audio`, { token: owner.accessToken, headers: { 'if-none-match': etag } });
  t.equal(cached.status, 304);
  t.equal((await cached.arrayBuffer()).byteLength, 0);
  const since = await api.request(`/api/episodes/${id}/audio`, { token: owner.accessToken, headers: { 'if-modified-since': 'Sat, 01 Mar 2025 10:00:00 GMT' } });
  t.equal(since.status, 304);
  const older = await api.request(`/api/episodes/${id}/audio`, { token: owner.accessToken, headers: { 'if-modified-since': 'Sat, 01 Mar 2025 09:59:59 GMT' } });
  t.equal(older.status, 200);
  await older.arrayBuffer();

  const resumed = await api.request(`/api/episodes/${id}/audio`, { token: owner.accessToken, headers: { range: 'bytes=100-199', 'if-range': etag } });
  t.equal(resumed.status, 206);
  t.ok(Buffer.from(await resumed.arrayBuffer()).equals(audio.subarray(100, 200)));
  const changed = await api.request(`/api/episodes/${id}/audio`, { token: owner.accessToken, headers: { range: 'bytes=100-199', 'if-range': '"something-else"' } });
  t.equal(changed.status, 200, 'a stale If-Range gets the whole file');
  t.equal((await changed.arrayBuffer()).byteLength, audio.length);
  const headRange = await api.request(`/api/episodes/${id}/audio`, { method: 'HEAD', token: owner.accessToken, headers: { range: 'bytes=0-9' } });
  t.same([headRange.status, headRange.headers.get('content-range'), headRange.headers.get('content-length')], [206, `bytes 0-9/${audio.length}`, '10']);
});

t.test('transcript as WebVTT with voice tags, parsed by a WebVTT parser', async (t) => {
  const response = await api.request(`/api/episodes/${id}/transcript?format=vtt`, { token: owner.accessToken });
  t.equal(response.headers.get('content-type'), 'text/vtt; charset=utf-8');
  const text = await response.text();
  t.match(text, /^WEBVTT\n\n1\n00:00:00\.300 --> 00:00:04\.120\n<v Host 1><lang en>/);
  t.equal(response.headers.get('content-language'), 'en');
  const { cues, errors } = parseWebVtt(text);
  t.same(errors, []);
  t.same(cues, SEGMENTS.map((segment) => ({ startMs: segment.start_ms, endMs: segment.end_ms, speaker: segment.speaker, language: 'en', text: segment.text })));
  t.match(text, /01:02:05\.004/, 'hours are written past 59 minutes');
});

t.test('transcript as SubRip, and JSON unchanged by default', async (t) => {
  const response = await api.request(`/api/episodes/${id}/transcript?format=srt`, { token: owner.accessToken });
  t.equal(response.headers.get('content-type'), 'application/x-subrip; charset=utf-8');
  const text = await response.text();
  t.match(text, /^1\n00:00:00,300 --> 00:00:04,120\nHost 1: Welcome/);
  t.same(parseSubtitles(text).entries.map((entry: { from: number; to: number; text: string }) => [entry.from, entry.to, entry.text]), SEGMENTS.map((segment) => [segment.start_ms, segment.end_ms, `${segment.speaker}: ${segment.text}`]));

  const plain = await json(await api.request(`/api/episodes/${id}/transcript`, { token: owner.accessToken }));
  const explicit = await json(await api.request(`/api/episodes/${id}/transcript?format=json`, { token: owner.accessToken }));
  t.same(plain, explicit);
  t.match(plain, { success: true, episodeId: id, stats: { totalSegments: 3, speakers: ['Host 1', 'Host 2'] } });
  t.equal(plain.segments[1].text, SEGMENTS[1]?.text);
  t.equal((await api.request(`/api/episodes/${id}/transcript?format=docx`, { token: owner.accessToken })).status, 400);
});

t.test('chapters as Podcasting 2.0 JSON chapters from the show notes', async (t) => {
  const response = await api.request(`/api/episodes/${id}/chapters`, { token: owner.accessToken });
  t.equal(response.status, 200);
  t.match(response.headers.get('content-type'), /^application\/json\+chapters(;|$)/);
  t.same(await json(response), {
    version: '1.2.0',
    title: 'Tides, explained',
    chapters: [{ startTime: 0.3, title: 'Welcome' }, { startTime: 4.57, title: 'The moon' }],
  });
  const [waiting] = (await insertEpisodes(db, owner.userId, 1, { status: 'review_script' })) as [string];
  const early = await api.request(`/api/episodes/${waiting}/chapters`, { token: owner.accessToken });
  t.equal(early.status, 409);
  t.match(await json(early), { success: false, message: /once the episode is ready \(it is review_script\)/ });
});
