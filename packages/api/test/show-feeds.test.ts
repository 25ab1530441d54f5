// A show's private podcast feed, read by a real RSS parser: the show's own name,
// description, author, category, language and cover at the channel level, its episodes
// with published audio newest first, nothing of any other show or playlist reachable
// with its token, and the token rotated and revoked as a playlist's is.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import Parser from 'rss-parser';
import { FormData } from 'undici';
import { insertEpisodes } from '#test-helpers/episode-rows';
import { imageFile } from '#test-helpers/show-audio';
import { creator, json, startTestApi } from '#test-helpers/test-api';

const BASE = 'https://podcasts.example.test';
const scratch = await mkdtemp(path.join(tmpdir(), 'castwright-show-feeds-'));
t.teardown(() => rm(scratch, { recursive: true, force: true }));
const api = await startTestApi(t, { PUBLIC_BASE_URL: BASE });
const db = api.database.db;
const owner = await creator(api);
const token = owner.accessToken;

const show = (await json(await api.request('/api/shows', {
  method: 'POST',
  token,
  json: { name: 'Keepers & Lamps', description: 'A show about lighthouse keepers.', author: 'Ada Keeper', category: 'History', language: 'fr' },
}))).show as { id: string };
const bare = (await json(await api.request('/api/shows', { method: 'POST', token, json: { name: 'Bare show' } }))).show as { id: string };

/** Ready episodes as a render leaves them, with a small stored MP3 each. */
async function readyEpisodes(count: number, fields: Record<string, unknown>): Promise<string[]> {
  const ids = await insertEpisodes(db, owner.userId, count, { status: 'ready', progress_percent: 100, script_text: '[Host 1]: Hello.', published_revision: 1, audio_duration_ms: 1000, audio_bytes: 4, ...fields });
  for (const id of ids) {
    const key = `episodes/${id}/audio-1.mp3`;
    await mkdir(path.join(api.config.dataDir, 'storage', 'episodes', id), { recursive: true });
    await writeFile(path.join(api.config.dataDir, 'storage', key), Buffer.from([0xff, 0xfb, 0x90, 0x00]));
    await db.updateTable('episodes').set({ audio_key: key }).where('id', '=', id).execute();
  }
  return ids;
}

const [older] = await readyEpisodes(1, { show_id: show.id, title: 'Older', completed_at: new Date('2026-01-01T08:00:00Z') });
const [newer] = await readyEpisodes(1, { show_id: show.id, title: 'Newer', completed_at: new Date('2026-02-01T08:00:00Z') });
const [elsewhere] = await readyEpisodes(1, { title: 'In no show', completed_at: new Date('2026-03-01T08:00:00Z') });
await insertEpisodes(db, owner.userId, 1, { show_id: show.id, title: 'Still rendering' });

type Channel = { language?: string; itunes?: { image?: string; author?: string; categories?: string[] }; itunesType?: string; person?: string };
const rss = new Parser<Channel, Parser.Item>({ customFields: { feed: ['language', ['itunes:type', 'itunesType'], ['podcast:person', 'person']] as unknown as (keyof Channel)[] } });

async function enableFeed(id: string): Promise<{ feedUrl: string; path: string }> {
  const response = await api.request(`/api/shows/${id}/feed`, { method: 'POST', token });
  if (response.status !== 200) throw new Error(`feed: ${response.status} ${await response.text()}`);
  const { feedUrl } = await json(response);
  return { feedUrl, path: (feedUrl as string).slice(BASE.length) };
}

t.test("the show's feed: its own channel, its episodes newest first, nothing else", async (t) => {
  const cover = new FormData();
  cover.append('file', new Blob([await imageFile(scratch, 1400, 1400)]), 'cover.png');
  t.equal((await api.request(`/api/shows/${show.id}/artwork`, { method: 'POST', token, body: cover })).status, 200);

  const feed = await enableFeed(show.id);
  t.match(feed.feedUrl, /^https:\/\/podcasts\.example\.test\/feeds\/[A-Za-z0-9_-]{43}\/feed\.xml$/);
  t.equal((await json(await api.request(`/api/shows/${show.id}`, { token }))).show.feedEnabled, true);
  const response = await api.request(feed.path);
  t.equal(response.status, 200);
  t.match(response.headers.get('content-type'), /application\/rss\+xml/);
  const xml = await response.text();
  const parsed = await rss.parseString(xml);
  t.equal(parsed.title, 'Keepers & Lamps');
  t.equal(parsed.description, 'A show about lighthouse keepers.');
  t.equal(parsed.language, 'fr');
  t.equal(parsed.itunesType, 'episodic');
  t.equal(parsed.itunes?.author, 'Ada Keeper');
  t.same(parsed.itunes?.categories, ['History']);
  t.equal(parsed.person, 'Ada Keeper', 'Podcasting 2.0: the author as a person');
  t.match(parsed.itunes?.image, /\/feeds\/[A-Za-z0-9_-]{43}\/artwork\.jpg\?v=[0-9a-f]{16}$/);
  t.same(parsed.items.map((item) => item.guid), [newer, older], 'published episodes of the show, newest first');
  t.match(xml, /<itunes:episode>2<\/itunes:episode>[\s\S]*<itunes:episode>1<\/itunes:episode>/, 'numbered from the oldest');

  const artwork = await api.request((parsed.itunes?.image as string).slice(BASE.length));
  t.equal(artwork.status, 200);
  t.equal(artwork.headers.get('content-type'), 'image/jpeg');
  t.same([...new Uint8Array(await artwork.arrayBuffer()).subarray(0, 2)], [0xff, 0xd8]);
  const base = feed.path.replace(/feed\.xml$/, '');
  const audio = await api.request(`${base}episodes/${newer}/audio.mp3`);
  t.equal(audio.status, 200, "the show's episode through its feed");
  t.equal((await audio.arrayBuffer()).byteLength, 4);
  t.equal((await api.request(`${base}episodes/${elsewhere}/audio.mp3`)).status, 404, 'an episode of no show is not reachable with its token');

  const rotated = await enableFeed(show.id);
  t.equal((await api.request(feed.path)).status, 404, 'the old address is gone once rotated');
  t.equal((await api.request(rotated.path)).status, 200);
  t.equal((await api.request(`/api/shows/${show.id}/feed`, { method: 'DELETE', token })).status, 200);
  t.equal((await api.request(rotated.path)).status, 404, 'and once turned off');
  t.equal((await api.request(`/api/shows/${show.id}/feed`, { method: 'DELETE', token })).status, 404);
});

t.test('a show without a cover or a language: a drawn cover, the language of its episodes', async (t) => {
  await readyEpisodes(1, { show_id: bare.id, language: 'es' });
  const feed = await enableFeed(bare.id);
  const parsed = await rss.parseString(await (await api.request(feed.path)).text());
  t.equal(parsed.language, 'es');
  t.equal(parsed.itunes?.author, 'Castwright');
  t.match(parsed.itunes?.image, /\/artwork\.png\?v=/);
  const drawn = await api.request((parsed.itunes?.image as string).slice(BASE.length));
  t.equal(drawn.headers.get('content-type'), 'image/png');
  await drawn.arrayBuffer();
  t.equal((await api.request(feed.path.replace('feed.xml', 'artwork.jpg'))).status, 404);
});
