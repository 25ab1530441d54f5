// Many sources, one episode, through the real api, workers, database, voice and ffmpeg:
// three real documents of different kinds (a web page served on loopback, a PDF stored
// with POST /api/documents, a pasted text) become one show whose lines point at the
// passages they read; the sources view, the show notes and the feed say where each is
// discussed. Sources that cannot be read (a 404, a gzip bomb, a private address) are left
// aside with their reasons; an episode none of whose sources can be read fails with them
// all. A re-render after an edit keeps the refs of the lines the edit left alone.
import t from 'tap';
import { gzipSync } from 'node:zlib';
import { FormData } from 'undici';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';
import { creator, json, startTestApi, type TestApi } from '#test-helpers/test-api';
import { articlePage, startLoopbackSite } from '#test-helpers/loopback-site';
import { documentBlocks, reportPdf } from '#test-helpers/structured-documents';
import { until } from '#test-helpers/until';
import { waitForEpisode } from '#test-helpers/wait-for-episode';

const COUNCIL = [
  'The city council approved the new budget on Tuesday after a debate that ran late into the night.',
  'The budget raises spending on the tram line by twelve percent, the largest increase in a decade.',
  'The mayor said the tram line will carry forty thousand passengers a day once it opens in two years.',
  'Critics on the council said the budget leaves too little money for housing and for the city libraries.',
  'Two libraries will now open on Sundays, and the parks department gets a small increase for new trees.',
];
const RESIDENTS = `# Residents and the tram line
The residents of the east side have waited for the tram line for a decade, and most of them welcome the budget.
Many residents say the tram line will cut their daily commute in half and bring new shops to the area.
Shop owners on Main Street fear that two years of construction on the tram line will drive their customers away.
## Meetings and complaints
A community meeting about the construction is planned for next month at the old market hall.
The residents association has collected more than two thousand signatures asking for quieter night work.`;
const GARDENS = [
  'Community gardens have spread across the east side since the city opened its empty lots to volunteers.',
  'Each garden is run by a committee of neighbours who share the plots, the tools and the harvest.',
  'The gardeners grow tomatoes, beans and herbs, and give a part of every harvest to the local food bank.',
  'Several gardens keep beehives, and their honey is sold at the Saturday market to pay for water and seeds.',
].join(' ');

/** Ten megabytes of spaces in 10 kB of gzip: a page that unpacks far past the fetcher's bound. */
const BOMB = gzipSync(Buffer.alloc(10 * 1024 * 1024, 0x20));

const site = await startLoopbackSite(t, {
  '/council': (_request, response) => void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(articlePage('City council approves the budget', COUNCIL)),
  '/bomb': (_request, response) => void response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(BOMB),
});

const api = await startTestApi(t, { OUTBOUND_ALLOW_PRIVATE: '1' });
await api.startWorkers('all');
const owner = await creator(api);

async function storePdf(on: TestApi, token: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([reportPdf(documentBlocks(RESIDENTS), { header: 'East Side Residents Association', footer: 'Spring report' })]), 'residents.pdf');
  const response = await on.request('/api/documents', { method: 'POST', token, body: form });
  if (response.status !== 201) throw new Error(`document: ${response.status} ${await response.text()}`);
  return (await json(response)).document.id as string;
}

async function create(on: TestApi, token: string, sources: unknown[], extra: Record<string, unknown> = {}): Promise<string> {
  const response = await on.request('/api/episodes', { method: 'POST', token, json: { preset: 'quick', hostMode: 'multi', sources, ...extra } });
  if (response.status !== 202) throw new Error(`create: ${response.status} ${await response.text()}`);
  return (await json(response)).episode.id as string;
}

interface Ref {
  source: number;
  start: number;
  end: number;
}
interface Segment {
  id: string;
  text: string;
  startTimeMs: number;
  endTimeMs: number;
  sourceRefs: Ref[];
}

const spaced = (text: string) => text.replace(/\s+/g, ' ').trim();

async function storedTexts(episodeId: string): Promise<Map<number, string>> {
  const rows = await api.database.db.selectFrom('episode_sources').select(['position', 'text']).where('episode_id', '=', episodeId).execute();
  return new Map(rows.map((row) => [row.position, row.text ?? '']));
}

async function transcript(episodeId: string): Promise<Segment[]> {
  return (await json(await api.request(`/api/episodes/${episodeId}/transcript`, { token: owner.accessToken }))).segments as Segment[];
}

const documentId = await storePdf(api, owner.accessToken);
const episodeId = await create(api, owner.accessToken, [{ url: `${site.origin}/council` }, { documentId }, { content: GARDENS }]);
const ready = await waitForEpisode(api.database.db, episodeId, ['ready', 'error'], 240_000);

t.test('a web page, a PDF and a pasted text become one episode whose every ref is real text of its source', async (t) => {
  t.equal(ready.status, 'ready', ready.error_message ?? '');
  const { sources } = await json(await api.request(`/api/episodes/${episodeId}/sources`, { token: owner.accessToken }));
  t.match(sources, [
    { index: 0, kind: 'url', title: 'City council approves the budget', url: `${site.origin}/council`, status: 'read', language: 'en', characters: Number },
    { index: 1, kind: 'document', documentId, status: 'read', language: 'en' },
    { index: 2, kind: 'text', status: 'read', language: 'en' },
  ]);
  t.notOk(sources.some((source: { error?: string }) => source.error), 'none failed');

  const texts = await storedTexts(episodeId);
  t.match(texts.get(1), /Shop owners on Main Street fear/, 'the PDF was read');
  t.notMatch(texts.get(0), /Subscribe|All rights reserved/, 'the page through Readability');
  const segments = await transcript(episodeId);
  let refs = 0;
  for (const segment of segments) {
    for (const ref of segment.sourceRefs) {
      refs += 1;
      const span = (texts.get(ref.source) ?? '').slice(ref.start, ref.end);
      t.ok(span.length > 20 && spaced(segment.text).includes(spaced(span)), `segment ${segment.id}: its ref ${ref.source}:${ref.start}-${ref.end} is text of that source, read in the line`);
    }
  }
  t.ok(refs >= 6, `${refs} refs`);
  for (const index of [0, 1, 2]) t.ok(segments.some((segment) => segment.sourceRefs.some((ref) => ref.source === index)), `source ${index} is read from`);

  // Sections from each source: every source is read in some section of the script.
  const script = await json(await api.request(`/api/episodes/${episodeId}/script`, { token: owner.accessToken }));
  const sectionOf: number[] = [];
  script.lines.forEach((line: { section?: string }, index: number) => sectionOf.push(line.section ? index : (sectionOf[index - 1] ?? 0)));
  const sectionsBySource = [0, 1, 2].map((source) => new Set(script.lines.flatMap((line: { sourceRefs: Ref[] }, index: number) => (line.sourceRefs.some((ref) => ref.source === source) ? [sectionOf[index]] : []))));
  t.ok(sectionsBySource.every((sections) => sections.size >= 1), 'each source in a section');
  t.ok(new Set(sectionOf).size >= 4, 'an opening and sections for the sources');
  t.match(script.lines.map((line: { text: string }) => line.text).join(' '), /The first article, “City council approves the budget”, puts it this way\./, 'the hosts say where a point comes from');
  t.same(script.lines.map((line: { sourceRefs: Ref[] }) => line.sourceRefs), segments.map((segment) => segment.sourceRefs), 'the script and the transcript carry the same refs');
});

t.test('the sources view, the show notes and the feed say where each source is discussed', async (t) => {
  const segments = await transcript(episodeId);
  const { sources } = await json(await api.request(`/api/episodes/${episodeId}/sources`, { token: owner.accessToken }));
  const notes = await json(await api.request(`/api/episodes/${episodeId}/show-notes`, { token: owner.accessToken }));
  t.equal(notes.sources.length, 3);
  t.match(notes.sources[0], { title: 'City council approves the budget', url: `${site.origin}/council` });
  t.match(notes.sources[2], { url: null });
  notes.sources.forEach((source: { timestamps: { timestamp: string; timestampMs: number }[] }, index: number) => {
    t.ok(source.timestamps.length >= 1, `source ${index} has moments`);
    t.same(source.timestamps, sources[index].timestamps, 'the same moments as the sources view');
    for (const moment of source.timestamps) {
      const line = segments.find((segment) => segment.startTimeMs <= moment.timestampMs && moment.timestampMs < segment.endTimeMs);
      t.ok(line?.sourceRefs.some((ref) => ref.source === index), `${moment.timestamp} falls inside a line that draws on source ${index}`);
      t.equal(moment.timestamp, `${String(Math.floor(moment.timestampMs / 60_000)).padStart(2, '0')}:${String(Math.floor(moment.timestampMs / 1000) % 60).padStart(2, '0')}`);
    }
  });

  const playlist = await json(await api.request('/api/playlists', { method: 'POST', token: owner.accessToken, json: { name: 'Sources' } }));
  await api.request(`/api/playlists/${playlist.playlist.id}/episodes`, { method: 'POST', token: owner.accessToken, json: { episodeId } });
  const { feedUrl } = await json(await api.request(`/api/playlists/${playlist.playlist.id}/feed`, { method: 'POST', token: owner.accessToken }));
  const xml = await (await api.request(new URL(feedUrl).pathname)).text();
  const description = /<item>[\s\S]*?<description>([\s\S]*?)<\/description>/.exec(xml)?.[1] ?? '';
  t.match(description, /Sources:/);
  t.match(description, `1. City council approves the budget — ${site.origin}/council`, 'the page with its link');
  t.match(description, /2\. .+\n3\. .+/, 'every source listed');
});

t.test('a re-render after an edit keeps the refs of the lines it left alone', async (t) => {
  const before = await transcript(episodeId);
  const read = await api.request(`/api/episodes/${episodeId}/script`, { token: owner.accessToken });
  const script = await json(read);
  const edited = script.lines.findIndex((line: { sourceRefs: Ref[] }) => line.sourceRefs.length > 0);
  const given = script.lines.findIndex((line: { sourceRefs: Ref[] }, index: number) => index > edited && line.sourceRefs.length > 0);
  t.ok(edited >= 0 && given > edited, 'two lines with refs');
  let etag = read.headers.get('etag') ?? '';
  const patch = async (index: number, body: unknown) => {
    const response = await api.request(`/api/episodes/${episodeId}/script/lines/${index}`, { method: 'PATCH', token: owner.accessToken, json: body, headers: { 'if-match': etag } });
    etag = response.headers.get('etag') ?? etag;
    return response;
  };
  const outside = await patch(given, { sourceRefs: [{ source: 2, start: 0, end: 1_000_000 }] });
  t.equal(outside.status, 400, 'a ref outside its source is refused');
  t.match(await json(outside), { message: /a ref must be a span/ });
  t.equal((await patch(given, { sourceRefs: [{ source: 7, start: 0, end: 10 }] })).status, 400, 'a ref to a source the episode does not have');
  t.equal((await patch(edited, { text: 'A line written by hand, about nothing in particular.' })).status, 200);
  const keptRef = script.lines[given].sourceRefs.slice(0, 1);
  t.equal((await patch(given, { text: `${script.lines[given].text} Indeed.`, sourceRefs: keptRef })).status, 200);

  const render = await api.request(`/api/episodes/${episodeId}/render`, { method: 'POST', token: owner.accessToken, headers: { 'if-match': etag } });
  t.equal(render.status, 202);
  await until('revision 2 is published', async () => ((await selectEpisodeById(api.database.db, episodeId))?.published_revision === 2 ? true : undefined), 240_000, 250);
  const after = await transcript(episodeId);
  t.equal(after.length, before.length);
  after.forEach((segment, index) => {
    if (index === edited) t.same(segment.sourceRefs, [], 'the rewritten line has none');
    else if (index === given) t.same(segment.sourceRefs, keptRef, 'the line given refs has those');
    else t.same(segment.sourceRefs, before[index]?.sourceRefs, `line ${index} keeps its refs`);
  });
  const sources = await json(await api.request(`/api/episodes/${episodeId}/sources`, { token: owner.accessToken }));
  t.ok(sources.sources.every((source: { timestamps: unknown[] }) => source.timestamps.length > 0), 'every source still discussed');
});

t.test('a source that cannot be read (a 404, a gzip bomb) is left aside with its reason; with none readable the episode fails with every reason', async (t) => {
  const id = await create(api, owner.accessToken, [{ url: `${site.origin}/missing` }, { content: GARDENS }, { url: `${site.origin}/bomb` }], { hostMode: 'single' });
  const episode = await waitForEpisode(api.database.db, id, ['ready', 'error'], 240_000);
  t.equal(episode.status, 'ready', episode.error_message ?? '');
  const { episode: detail } = await json(await api.request(`/api/episodes/${id}`, { token: owner.accessToken }));
  t.match(detail.sources, [
    { index: 0, kind: 'url', status: 'failed', error: 'HTTP 404 from 127.0.0.1' },
    { index: 1, kind: 'text', status: 'read' },
    { index: 2, kind: 'url', status: 'failed', error: 'The page is larger than 5 MB' },
  ]);
  const segments = (await json(await api.request(`/api/episodes/${id}/transcript`, { token: owner.accessToken }))).segments as Segment[];
  t.ok(segments.every((segment) => segment.sourceRefs.every((ref) => ref.source === 1)), 'only the readable source is read from');

  const none = await create(api, owner.accessToken, [{ url: `${site.origin}/missing` }, { url: `${site.origin}/bomb` }]);
  const failed = await waitForEpisode(api.database.db, none, ['ready', 'error'], 60_000);
  t.equal(failed.status, 'error');
  t.equal(
    failed.error_message,
    `None of the sources could be read: source 1 (${site.origin}/missing): HTTP 404 from 127.0.0.1; source 2 (${site.origin}/bomb): The page is larger than 5 MB`,
  );
});

t.test('without OUTBOUND_ALLOW_PRIVATE a private address is a source that fails, never fetched; the rest make the episode', async (t) => {
  const guarded = await startTestApi(t);
  await guarded.startWorkers('all');
  const user = await creator(guarded);
  const requests = site.requests.length;
  const id = await create(guarded, user.accessToken, [{ content: GARDENS }, { url: `${site.origin}/council` }], { hostMode: 'single' });
  const episode = await waitForEpisode(guarded.database.db, id, ['ready', 'error'], 240_000);
  t.equal(episode.status, 'ready', episode.error_message ?? '');
  const { episode: detail } = await json(await guarded.request(`/api/episodes/${id}`, { token: user.accessToken }));
  t.match(detail.sources, [{ status: 'read' }, { status: 'failed', error: 'The address resolves to a private network address and cannot be fetched' }]);
  t.equal(site.requests.length, requests, 'nothing reached the loopback site');
});

t.test('a document deleted after the episode was accepted, before it was read, is a source that fails; the episode goes on', async (t) => {
  const idle = await startTestApi(t);
  const user = await creator(idle);
  const documentId = await storePdf(idle, user.accessToken);
  const id = await create(idle, user.accessToken, [{ documentId }, { content: GARDENS }], { hostMode: 'single' });
  t.equal((await idle.request(`/api/documents/${documentId}`, { method: 'DELETE', token: user.accessToken })).status, 200);
  await idle.startWorkers('all');
  const episode = await waitForEpisode(idle.database.db, id, ['ready', 'error'], 240_000);
  t.equal(episode.status, 'ready', episode.error_message ?? '');
  const { episode: detail } = await json(await idle.request(`/api/episodes/${id}`, { token: user.accessToken }));
  t.match(detail.sources, [{ index: 0, kind: 'document', status: 'failed', error: 'The document was deleted before it was read' }, { index: 1, status: 'read' }]);
  t.notOk('documentId' in detail.sources[0], 'the link to the deleted document is gone');
});
