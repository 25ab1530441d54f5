// Show notes and transcript search on an episode made by the real workers.
import t from 'tap';
import { updateUserTier } from '@castwright/core/repositories/users';
import { registerUser, startTestApi } from '#test-helpers/test-api';
import { waitForEpisode } from '#test-helpers/wait-for-episode';

const api = await startTestApi(t);
await api.startWorkers('all');
const owner = await registerUser(api);
const stranger = await registerUser(api);
await updateUserTier(api.database.db, owner.email, 'creator');
const content = [
  'Bees dance to tell each other where flowers are. The angle of the dance points to the food.',
  'The length of the waggle tells the distance. Scouts return to the hive and repeat the dance for their sisters.',
  'Honey is made from nectar that the bees bring home. Workers fan their wings to dry the nectar into honey.',
  'A colony can hold tens of thousands of bees. The queen lays up to two thousand eggs a day in summer.',
  'Beekeepers smoke the hive to calm the bees. The smoke masks the alarm scent that guard bees release.',
].join(' ');

async function create(body: Record<string, unknown>): Promise<string> {
  const response = await api.request('/api/episodes', { method: 'POST', token: owner.accessToken, json: { preset: 'quick', content, hostMode: 'multi', ...body } });
  if (response.status !== 202) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { episode: { id: string } }).episode.id;
}

const mmss = (ms: number) => {
  const seconds = Math.floor(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
};
type Segment = { id: string; speaker: string; text: string; startTimeMs: number };

const id = await create({});
const episode = await waitForEpisode(api.database.db, id);

t.test('show notes of a ready episode: chapters at segment starts', async (t) => {
  t.equal(episode.status, 'ready', episode.error_message ?? '');
  const response = await api.request(`/api/episodes/${id}/show-notes`, { token: owner.accessToken });
  t.equal(response.status, 200);
  const notes = (await response.json()) as { success: boolean; episodeId: string; summary: string; keyPoints: string[]; topics: string[]; chapters: { title: string; timestamp: string; timestampMs: number }[] };
  t.equal(notes.success, true);
  t.equal(notes.episodeId, id);
  t.ok(notes.summary.length > 20);
  t.ok(notes.keyPoints.length >= 3 && notes.keyPoints.length <= 6, `${notes.keyPoints.length} key points`);
  t.ok(notes.topics.includes('bees'), notes.topics.join(', '));
  const transcript = (await (await api.request(`/api/episodes/${id}/transcript`, { token: owner.accessToken })).json()) as { segments: Segment[] };
  const starts = transcript.segments.map((segment) => segment.startTimeMs);
  t.ok(notes.chapters.length >= 2, `${notes.chapters.length} chapters over ${starts.length} segments`);
  t.equal(notes.chapters[0]?.timestampMs, starts[0]);
  for (const chapter of notes.chapters) {
    t.ok(starts.includes(chapter.timestampMs), `chapter "${chapter.title}" at ${chapter.timestamp} starts a segment`);
    t.equal(chapter.timestamp, mmss(chapter.timestampMs));
    t.ok(chapter.title.length > 0);
  }
  t.equal((await api.request(`/api/episodes/${id}/show-notes`, { token: stranger.accessToken })).status, 404);
  t.equal((await api.request(`/api/episodes/${id}/show-notes`)).status, 401);
  await api.database.db.updateTable('episodes').set({ is_public: true }).where('id', '=', id).execute();
  t.equal((await api.request(`/api/episodes/${id}/show-notes`)).status, 200, 'a public episode needs no credentials');
  await api.database.db.updateTable('episodes').set({ is_public: false }).where('id', '=', id).execute();
});

t.test('show notes before ready are a 409 naming the status', async (t) => {
  const waiting = await create({ reviewScript: true });
  t.equal((await waitForEpisode(api.database.db, waiting, ['review_script', 'ready', 'error'])).status, 'review_script');
  const response = await api.request(`/api/episodes/${waiting}/show-notes`, { token: owner.accessToken });
  t.equal(response.status, 409);
  const body = (await response.json()) as { success: boolean; message: string };
  t.equal(body.success, false);
  t.match(body.message, /once the episode is ready \(it is review_script\)/);
  const search = await api.request(`/api/episodes/${waiting}/transcript/search?q=bees`, { token: owner.accessToken });
  t.same(((await search.json()) as { totalMatches: number }).totalMatches, 0, 'no transcript yet, no matches');
});

t.test('transcript search: every case-insensitive occurrence with positions in the text', async (t) => {
  const transcript = (await (await api.request(`/api/episodes/${id}/transcript`, { token: owner.accessToken })).json()) as { segments: Segment[] };
  const expected = transcript.segments.reduce((sum, segment) => sum + (segment.text.match(/bees/gi)?.length ?? 0), 0);
  t.ok(expected > 2);
  const response = await api.request(`/api/episodes/${id}/transcript/search?q=${encodeURIComponent('BEES')}`, { token: owner.accessToken });
  t.equal(response.status, 200);
  const body = (await response.json()) as { success: boolean; episodeId: string; query: string; totalMatches: number; matches: (Segment & { segmentId: string; timestampMs: number; timestamp: string; matchPositions: [number, number][] })[] };
  t.equal(body.success, true);
  t.equal(body.query, 'BEES');
  t.equal(body.totalMatches, expected);
  t.equal(body.matches.reduce((sum, match) => sum + match.matchPositions.length, 0), expected);
  for (const match of body.matches) {
    const segment = transcript.segments.find((candidate) => candidate.id === match.segmentId);
    t.equal(match.text, segment?.text);
    t.equal(match.timestampMs, segment?.startTimeMs);
    t.equal(match.timestamp, mmss(match.timestampMs));
    for (const [start, end] of match.matchPositions) t.equal(match.text.slice(start, end).toLowerCase(), 'bees');
  }
  const none = (await (await api.request(`/api/episodes/${id}/transcript/search?q=zebra`, { token: owner.accessToken })).json()) as { matches: unknown[]; totalMatches: number };
  t.same([none.matches, none.totalMatches], [[], 0]);
});

t.test('q must be 1 to 200 characters', async (t) => {
  for (const target of [`/api/episodes/${id}/transcript/search`, `/api/episodes/${id}/transcript/search?q=`, `/api/episodes/${id}/transcript/search?q=${'a'.repeat(201)}`]) {
    const response = await api.request(target, { token: owner.accessToken });
    t.equal(response.status, 400, target.slice(-20));
    const body = (await response.json()) as { success: boolean; error: string; message: string };
    t.equal(body.success, false);
    t.type(body.error, 'string');
    t.type(body.message, 'string');
  }
  t.equal((await api.request(`/api/episodes/${id}/transcript/search?q=${'a'.repeat(200)}`, { token: owner.accessToken })).status, 200);
  t.equal((await api.request(`/api/episodes/${id}/transcript/search?q=bees`, { token: stranger.accessToken })).status, 404);
});
