// Private podcast feeds end to end: episodes rendered by the real workers, the feed read
// by a real RSS parser, and everything it links to fetched the way a podcast app does,
// with nothing but the feed's URL.
import t from 'tap';
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import Parser from 'rss-parser';
import { redactFeedToken } from '@castwright/api/feeds/feed-urls';
import { readId3Chapters } from '#test-helpers/id3-chapters';
import { probeChapters } from '#test-helpers/probe';
import { creator, json, registerUser, startTestApi, type TestApi } from '#test-helpers/test-api';
import { waitForEpisode } from '#test-helpers/wait-for-episode';
import { parseWebVtt } from '#test-helpers/webvtt';

const BASE = 'https://podcasts.example.test';
const api = await startTestApi(t, { PUBLIC_BASE_URL: BASE });
await api.startWorkers('all');
const owner = await creator(api, 'enterprise');

// Two clearly different subjects, so the episode has more than one chapter.
const CONTENT = [
  '# Bees at work',
  '## The waggle dance',
  'Bees dance to tell each other where flowers are. The angle of the dance points to the food. The length of the waggle tells the distance. Scouts return to the hive and repeat the dance until others follow.',
  '## Honey and the colony',
  'Honey is made from nectar that the bees bring home. Workers fan their wings to dry the nectar into honey. A colony can hold tens of thousands of bees. The queen lays up to two thousand eggs a day in the wax comb.',
].join('\n\n');

async function createEpisode(body: Record<string, unknown> = {}): Promise<string> {
  const response = await api.request('/api/episodes', { method: 'POST', token: owner.accessToken, json: { content: CONTENT, preset: 'quick', hostMode: 'multi', ...body } });
  if (response.status !== 202) throw new Error(`create episode: ${response.status} ${await response.text()}`);
  return (await json(response)).episode.id;
}

/** Waits for the workers to bring an episode to `status`; anything else stops the file. */
async function reach(id: string, status: 'ready' | 'review_script'): Promise<void> {
  const episode = await waitForEpisode(api.database.db, id, [status, 'error'], 120_000);
  if (episode.status !== status) throw new Error(`episode ${id} is ${episode.status}: ${episode.error_message}`);
}

const [first, second, waiting] = [await createEpisode(), await createEpisode({ voicePair: 'interview' }), await createEpisode({ reviewScript: true })] as [string, string, string];
await reach(first, 'ready');
await reach(second, 'ready');
await reach(waiting, 'review_script');

const playlistResponse = await api.request('/api/playlists', { method: 'POST', token: owner.accessToken, json: { name: 'Bees & honey <weekly>', description: 'All about bees.' } });
const playlist = (await json(playlistResponse)).playlist.id as string;
for (const episode of [first, second, waiting]) await api.request(`/api/playlists/${playlist}/episodes`, { method: 'POST', token: owner.accessToken, json: { episodeId: episode } });
await api.request(`/api/playlists/${playlist}/reorder`, { method: 'PUT', token: owner.accessToken, json: { episodeIds: [second, first, waiting] } });

type FeedItem = Parser.Item & {
  itunes?: { duration?: string; episode?: string; explicit?: string };
  transcripts?: { $: { url: string; type: string; language?: string; rel?: string } }[];
  chapters?: { $: { url: string; type: string } };
};
type FeedChannel = { language?: string; itunes?: { image?: string; explicit?: string; author?: string }; podcastGuid?: string; podcastLocked?: string; itunesBlock?: string };
const rss = new Parser<FeedChannel, FeedItem>({
  customFields: {
    feed: [['podcast:guid', 'podcastGuid'], ['podcast:locked', 'podcastLocked'], ['itunes:block', 'itunesBlock'], 'language'] as unknown as (keyof FeedChannel)[],
    item: [['podcast:transcript', 'transcripts', { keepArray: true }], ['podcast:chapters', 'chapters']],
  },
});

/** The path part of an address the feed hands out, to fetch it from the test server. */
function pathOf(url: string): string {
  if (!url.startsWith(`${BASE}/feeds/`)) throw new Error(`${url} is not under PUBLIC_BASE_URL/feeds/`);
  return url.slice(BASE.length);
}

async function enableFeed(on: TestApi = api, token = owner.accessToken, id = playlist): Promise<{ feedUrl: string; token: string }> {
  const response = await on.request(`/api/playlists/${id}/feed`, { method: 'POST', token });
  if (response.status !== 200) throw new Error(`feed: ${response.status} ${await response.text()}`);
  const { feedUrl } = await json(response);
  return { feedUrl, token: /\/feeds\/([^/]+)\/feed\.xml$/.exec(feedUrl)?.[1] as string };
}

async function fetchFeed(feedUrl: string, headers: Record<string, string> = {}) {
  const response = await api.request(pathOf(feedUrl), { headers });
  return { response, text: await response.text() };
}

const { feedUrl, token } = await enableFeed();

t.test('the feed URL: absolute HTTPS under PUBLIC_BASE_URL, a 256-bit token stored only as its hash', async (t) => {
  t.match(feedUrl, /^https:\/\/podcasts\.example\.test\/feeds\/[A-Za-z0-9_-]{43}\/feed\.xml$/);
  t.equal(Buffer.from(token, 'base64url').length, 32);
  const rows = await api.database.db.selectFrom('playlist_feeds').selectAll().where('playlist_id', '=', playlist).execute();
  t.equal(rows.length, 1);
  t.equal(rows[0]?.token_hash, createHash('sha256').update(token).digest('hex'));
  t.notOk(JSON.stringify(rows).includes(token), 'the token itself is not stored');
  const single = await api.request(`/api/playlists/${playlist}`, { token: owner.accessToken });
  const text = await single.text();
  t.match(JSON.parse(text).playlist.feed, { enabled: true, createdAt: String });
  t.notOk(text.includes(token), 'the playlist view says a feed exists, never its token');
  t.equal(redactFeedToken(`/feeds/${token}/feed.xml`), '/feeds/[redacted]/feed.xml', 'logs carry the route, not the token');
});

t.test('the RSS document, parsed by an RSS parser, has every element podcast apps need', async (t) => {
  const { response, text } = await fetchFeed(feedUrl);
  t.equal(response.status, 200);
  t.equal(response.headers.get('content-type'), 'application/rss+xml; charset=utf-8');
  t.equal(response.headers.get('cache-control'), 'private, no-cache');
  const feed = await rss.parseString(text);
  t.equal(feed.title, 'Bees & honey <weekly>', 'markup in the name is escaped, and survives');
  t.equal(feed.description, 'All about bees.');
  t.equal(feed.language, 'en');
  t.equal(feed.link, BASE);
  t.equal(feed.itunes?.explicit, 'false');
  t.match(feed.podcastGuid, /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, 'a UUIDv5, as Podcasting 2.0 asks');
  t.equal(feed.podcastLocked, 'yes');
  t.equal(feed.itunesBlock, 'Yes', 'kept out of podcast directories');
  t.match(text, /<rss version="2\.0" xmlns:itunes="http:\/\/www\.itunes\.com\/dtds\/podcast-1\.0\.dtd" xmlns:podcast="https:\/\/podcastindex\.org\/namespace\/1\.0"/);

  const artworkUrl = feed.itunes?.image as string;
  t.equal(feed.image?.url, artworkUrl);
  const artwork = await api.request(pathOf(artworkUrl));
  t.equal(artwork.status, 200);
  t.equal(artwork.headers.get('content-type'), 'image/png');
  const png = Buffer.from(await artwork.arrayBuffer());
  const image = PNG.sync.read(png);
  t.ok(image.width >= 1400 && image.width === image.height, `${image.width} × ${image.height}`);
  t.equal(png[25], 2, 'colour type 2: RGB without alpha');

  const episodes = await Promise.all([second, first].map(async (id) => (await json(await api.request(`/api/episodes/${id}`, { token: owner.accessToken }))).episode));
  t.same(feed.items.map((item) => item.guid), [second, first], 'ready episodes in playlist order; the one in review is left out');
  for (const [index, item] of feed.items.entries()) {
    const episode = episodes[index];
    t.equal(item.title, episode.title);
    t.ok(item.isoDate && !Number.isNaN(Date.parse(item.pubDate as string)), `pubDate ${item.pubDate}`);
    t.equal(Number(item.itunes?.duration), episode.audioDuration);
    t.equal(Number(item.itunes?.episode), index + 1);
    t.equal(item.enclosure?.type, 'audio/mpeg');
    const transcripts = (item.transcripts ?? []).map((transcript) => transcript.$);
    t.same(transcripts.map((transcript) => transcript.type), ['text/vtt', 'application/json']);
    t.equal(item.chapters?.$.type, 'application/json+chapters');
  }
});

t.test('everything an item links to answers with the token alone; sizes and chapters agree', async (t) => {
  const feed = await rss.parseString((await fetchFeed(feedUrl)).text);
  for (const item of feed.items) {
    const id = item.guid as string;
    const audioPath = pathOf(item.enclosure?.url as string);
    const length = Number(item.enclosure?.length);
    const head = await api.request(audioPath, { method: 'HEAD' });
    t.same([head.status, head.headers.get('content-length'), head.headers.get('accept-ranges')], [200, String(length), 'bytes'], 'HEAD');
    const whole = await api.request(audioPath);
    const bytes = Buffer.from(await whole.arrayBuffer());
    t.equal(bytes.length, length, 'the enclosure length is the exact size served');
    t.equal(whole.headers.get('content-type'), 'audio/mpeg');
    const range = await api.request(audioPath, { headers: { range: 'bytes=1000-2999' } });
    t.same([range.status, range.headers.get('content-range')], [206, `bytes 1000-2999/${length}`]);
    t.ok(Buffer.from(await range.arrayBuffer()).equals(bytes.subarray(1000, 3000)));
    const viaApi = Buffer.from(await (await api.request(`/api/episodes/${id}/audio`, { token: owner.accessToken })).arrayBuffer());
    t.ok(viaApi.equals(bytes), 'the same file the API serves');

    // The chapters: ID3 CHAP frames in the MP3, the JSON chapters file and the show notes agree.
    const notes = await json(await api.request(`/api/episodes/${id}/show-notes`, { token: owner.accessToken }));
    const starts = (notes.chapters as { timestampMs: number; title: string }[]).map((chapter) => chapter.timestampMs);
    t.ok(starts.length >= 2, `${starts.length} chapters`);
    const file = join(t.testdir(), `${id}.mp3`);
    await writeFile(file, bytes);
    t.same((await probeChapters(file)).map((chapter) => chapter.startMs), starts, 'ffprobe -show_chapters lists the show notes’ start times');
    const id3 = readId3Chapters(bytes);
    t.same(id3.chapters.map((chapter) => [chapter.startMs, chapter.title]), notes.chapters.map((chapter: { timestampMs: number; title: string }) => [chapter.timestampMs, chapter.title]));
    t.same(id3.tableOfContents.map((toc) => [toc.topLevel, toc.ordered, toc.children.length]), [[true, true, starts.length]]);
    const chapters = await api.request(pathOf(item.chapters?.$.url as string));
    t.match(chapters.headers.get('content-type'), /^application\/json\+chapters/);
    const chaptersBody = await json(chapters);
    t.equal(chaptersBody.version, '1.2.0');
    t.same(chaptersBody.chapters.map((chapter: { startTime: number }) => Math.round(chapter.startTime * 1000)), starts);

    // The transcripts, as WebVTT (read by a WebVTT parser) and Podcasting 2.0 JSON.
    const segments = (await json(await api.request(`/api/episodes/${id}/transcript`, { token: owner.accessToken }))).segments as { speaker: string; text: string; startTimeMs: number; endTimeMs: number }[];
    const [vttLink, jsonLink] = item.transcripts ?? [];
    const vtt = await api.request(pathOf(vttLink?.$.url as string));
    t.equal(vtt.headers.get('content-type'), 'text/vtt; charset=utf-8');
    const parsed = parseWebVtt(await vtt.text());
    t.same(parsed.errors, []);
    t.same(parsed.cues, segments.map((segment) => ({ startMs: segment.startTimeMs, endMs: segment.endTimeMs, speaker: segment.speaker, language: 'en', text: segment.text })));
    t.ok(new Set(parsed.cues.map((cue) => cue.speaker)).size === 2, 'both hosts are voice-tagged');
    const podcastTranscript = await json(await api.request(pathOf(jsonLink?.$.url as string)));
    t.equal(podcastTranscript.version, '1.0.0');
    t.same(podcastTranscript.segments[0], { speaker: segments[0]?.speaker, startTime: (segments[0]?.startTimeMs ?? 0) / 1000, endTime: (segments[0]?.endTimeMs ?? 0) / 1000, body: segments[0]?.text });
  }
});

t.test("a playlist that mixes languages: the channel's is the most common, the earliest among equals; each item's transcripts say their own", async (t) => {
  const setLanguage = (id: string, language: 'en' | 'es') => api.database.db.updateTable('episodes').set({ language }).where('id', '=', id).execute();
  t.teardown(async () => {
    await setLanguage(first, 'en');
    await setLanguage(second, 'en');
  });
  const read = async () => {
    const { text } = await fetchFeed(feedUrl);
    const feed = await rss.parseString(text);
    return { channel: feed.language, items: feed.items.map((item) => (item.transcripts ?? []).map((transcript) => transcript.$.language)) };
  };
  await setLanguage(first, 'es');
  t.same(await read(), { channel: 'en', items: [['en', 'en'], ['es', 'es']] }, 'one each: the first in playlist order (second) decides');
  await setLanguage(second, 'es');
  t.same(await read(), { channel: 'es', items: [['es', 'es'], ['es', 'es']] });
  const vtt = await api.request(`/api/episodes/${first}/transcript?format=vtt`, { token: owner.accessToken });
  t.equal(vtt.headers.get('content-language'), 'es');
  t.ok(parseWebVtt(await vtt.text()).cues.every((cue) => cue.language === 'es'));
});

t.test('conditional GET: ETag and Last-Modified, 304, and a new ETag after every change', async (t) => {
  const etag = async () => (await fetchFeed(feedUrl)).response.headers.get('etag') as string;
  const { response } = await fetchFeed(feedUrl);
  const tag = response.headers.get('etag') as string;
  const lastModified = response.headers.get('last-modified') as string;
  t.match(tag, /^"[A-Za-z0-9_-]+"$/);
  t.ok(Date.parse(lastModified) > 0);
  t.equal(await etag(), tag, 'unchanged feed, same ETag');

  const matched = await fetchFeed(feedUrl, { 'if-none-match': tag });
  t.same([matched.response.status, matched.text, matched.response.headers.get('etag')], [304, '', tag]);
  t.equal((await fetchFeed(feedUrl, { 'if-none-match': `W/${tag}, "other"` })).response.status, 304, 'weak comparison, lists');
  t.equal((await fetchFeed(feedUrl, { 'if-modified-since': lastModified })).response.status, 304);
  t.equal((await fetchFeed(feedUrl, { 'if-modified-since': new Date(Date.parse(lastModified) - 1000).toUTCString() })).response.status, 200);
  t.equal((await fetchFeed(feedUrl, { 'if-none-match': '"stale"', 'if-modified-since': lastModified })).response.status, 200, 'If-None-Match wins');

  const seen = new Set([tag]);
  const expectChange = async (what: string) => {
    const next = await etag();
    t.notOk(seen.has(next), `${what} changes the ETag`);
    seen.add(next);
  };
  await api.request(`/api/playlists/${playlist}/reorder`, { method: 'PUT', token: owner.accessToken, json: { episodeIds: [first, second, waiting] } });
  await expectChange('reordering');
  await api.request(`/api/playlists/${playlist}/episodes/${first}`, { method: 'DELETE', token: owner.accessToken });
  await expectChange('removing');
  await api.request(`/api/playlists/${playlist}/episodes`, { method: 'POST', token: owner.accessToken, json: { episodeId: first } });
  await expectChange('adding');
  await api.request(`/api/episodes/${second}`, { method: 'PATCH', token: owner.accessToken, json: { title: 'Waggle dances' } });
  await expectChange('editing an episode');
  t.match((await fetchFeed(feedUrl)).text, /<title>Waggle dances<\/title>/);
  await api.request(`/api/playlists/${playlist}`, { method: 'PUT', token: owner.accessToken, json: { name: 'Bees' } });
  await expectChange('renaming the playlist');

  const approved = await api.request(`/api/episodes/${waiting}/approve-script`, { method: 'POST', token: owner.accessToken });
  t.equal(approved.status, 202);
  await reach(waiting, 'ready');
  await expectChange('an episode becoming ready');
  const feed = await rss.parseString((await fetchFeed(feedUrl)).text);
  t.same(feed.items.map((item) => item.guid), [second, waiting, first]);
  t.ok(Date.parse((await fetchFeed(feedUrl)).response.headers.get('last-modified') as string) >= Date.parse(lastModified), 'Last-Modified never goes back');
});

t.test('a token reaches only its own playlist’s ready episodes', async (t) => {
  const other = await json(await api.request('/api/playlists', { method: 'POST', token: owner.accessToken, json: { name: 'Elsewhere' } }));
  const outsider = await createEpisode();
  await reach(outsider, 'ready');
  await api.request(`/api/playlists/${other.playlist.id}/episodes`, { method: 'POST', token: owner.accessToken, json: { episodeId: outsider } });
  for (const file of ['audio.mp3', 'transcript.vtt', 'transcript.json', 'chapters.json']) {
    const response = await api.request(`/feeds/${token}/episodes/${outsider}/${file}`);
    t.equal(response.status, 404, `another playlist's episode: ${file}`);
    t.match(await json(response), { success: false, error: 'Not found' });
  }
  t.equal((await api.request(`/feeds/${token}/episodes/${first}/audio.mp3`, { method: 'HEAD' })).status, 200);
  await api.request(`/api/playlists/${playlist}/episodes/${first}`, { method: 'DELETE', token: owner.accessToken });
  t.equal((await api.request(`/feeds/${token}/episodes/${first}/audio.mp3`)).status, 404, 'removed from the playlist: unreachable at once');
  t.equal((await api.request(`/feeds/${token}/episodes/${first}/transcript.vtt`)).status, 404);
  t.equal((await api.request(`/api/episodes/${first}/audio`)).status, 401, 'and the API still wants credentials');
  for (const bad of ['short', 'A'.repeat(43), `${token}x`, '..%2F..%2Fapi']) {
    t.equal((await api.request(`/feeds/${bad}/feed.xml`)).status, 404, `token ${bad.slice(0, 12)}`);
  }
  t.equal((await api.request(`/api/episodes/${second}`, { headers: { authorization: `Bearer ${token}` } })).status, 401, 'a feed token is no API credential');
});

t.test('POST again rotates the token (the old URL is 404 at once); DELETE revokes', async (t) => {
  const rotated = await enableFeed();
  t.not(rotated.token, token);
  for (const path of [`/feeds/${token}/feed.xml`, `/feeds/${token}/artwork.png`, `/feeds/${token}/episodes/${second}/audio.mp3`]) {
    t.equal((await api.request(path)).status, 404, `old ${path.split('/').pop()}`);
  }
  const { response, text } = await fetchFeed(rotated.feedUrl);
  t.equal(response.status, 200);
  t.ok(text.includes(`/feeds/${rotated.token}/episodes/`) && !text.includes(token), 'every address in the feed carries the new token');
  const guidBefore = (await rss.parseString(text)).podcastGuid;

  const revoked = await api.request(`/api/playlists/${playlist}/feed`, { method: 'DELETE', token: owner.accessToken });
  t.same(await json(revoked), { success: true, message: 'Feed turned off; its address no longer works' });
  t.equal((await fetchFeed(rotated.feedUrl)).response.status, 404);
  t.equal((await api.request(`/feeds/${rotated.token}/episodes/${second}/audio.mp3`, { method: 'HEAD' })).status, 404);
  t.match((await json(await api.request(`/api/playlists/${playlist}`, { token: owner.accessToken }))).playlist.feed, { enabled: false, createdAt: null });
  const again = await api.request(`/api/playlists/${playlist}/feed`, { method: 'DELETE', token: owner.accessToken });
  t.equal(again.status, 404);
  t.match(await json(again), { message: 'This playlist has no feed' });

  const renewed = await enableFeed();
  t.equal((await rss.parseString((await fetchFeed(renewed.feedUrl)).text)).podcastGuid, guidBefore, 'the podcast GUID survives new tokens');
  await api.request(`/api/playlists/${playlist}`, { method: 'DELETE', token: owner.accessToken });
  t.equal((await fetchFeed(renewed.feedUrl)).response.status, 404, 'deleting the playlist ends its feed');
});

t.test('feed requests are limited per token, apart from the owner’s own budget', async (t) => {
  const limited = await startTestApi(t, { PUBLIC_BASE_URL: BASE, FEED_REQUESTS_PER_HOUR: '3' });
  const user = await registerUser(limited);
  const id = (await json(await limited.request('/api/playlists', { method: 'POST', token: user.accessToken, json: { name: 'Quiet' } }))).playlist.id;
  const feed = await enableFeed(limited, user.accessToken, id);
  const budget = async () => Number((await limited.request('/api/user/profile', { token: user.accessToken })).headers.get('ratelimit-remaining'));
  const before = await budget();
  const statuses = [];
  for (let n = 0; n < 4; n++) statuses.push((await limited.request(pathOf(feed.feedUrl))).status);
  t.same(statuses, [200, 200, 200, 429]);
  const refused = await limited.request(pathOf(feed.feedUrl));
  t.equal(refused.status, 429);
  t.ok(Number(refused.headers.get('retry-after')) > 0);
  t.match(await json(refused), { success: false, error: 'Rate limit exceeded' });
  t.equal(await budget(), before - 1, "the feed's requests did not use the owner's hourly budget");
  const fresh = await enableFeed(limited, user.accessToken, id);
  t.equal((await limited.request(pathOf(fresh.feedUrl))).status, 200, 'a rotated token starts with its own budget');
});
