// POST /api/episodes with `sources`, through the real API (no workers: what is accepted,
// stored and refused). Several sources of every kind become the episode's ordered
// sources, duplicates merged; the tier bounds how many and how many typed characters;
// another account's document and a deleted one are 404s; and every refusal stores
// nothing and uses no quota.
import t, { type Test } from 'tap';
import { FormData } from 'undici';
import { TIER_LIMITS } from '@castwright/core/tiers';
import { creator, json, registerUser, startTestApi } from '#test-helpers/test-api';
import { minimalPdf } from '#test-helpers/test-documents';

const api = await startTestApi(t);
const db = api.database.db;
const TIDES = 'Tides rise and fall twice a day. The moon pulls the oceans toward it as the Earth turns.';
const MOON = 'The moon is slowly drifting away from the Earth, about four centimetres a year.';

function create(token: string, body: unknown) {
  return api.request('/api/episodes', { method: 'POST', token, json: { preset: 'quick', ...(body as object) } });
}

async function storeDocument(token: string, lines: string[], name = 'moon.pdf'): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([minimalPdf(lines)]), name);
  const response = await api.request('/api/documents', { method: 'POST', token, body: form });
  if (response.status !== 201) throw new Error(`document: ${response.status} ${await response.text()}`);
  return (await json(response)).document.id as string;
}

async function nothingMade(t: Test, userId: string) {
  t.equal((await db.selectFrom('episodes').select('id').where('user_id', '=', userId).execute()).length, 0, 'no episode');
  const usage = await db.selectFrom('usage_monthly').select('episodes_created').where('user_id', '=', userId).executeTakeFirst();
  t.equal(usage?.episodes_created ?? 0, 0, 'no quota used');
  t.equal((await db.selectFrom('episode_sources').innerJoin('episodes', 'episodes.id', 'episode_sources.episode_id').select('position').where('episodes.user_id', '=', userId).execute()).length, 0, 'no source row');
}

t.test('sources of every kind become the episode\'s sources in order, duplicates merged, and its view lists them', async (t) => {
  const user = await creator(api);
  const documentId = await storeDocument(user.accessToken, ['The moon raises tides on both sides of the Earth.']);
  const response = await create(user.accessToken, {
    sources: [
      { url: 'https://example.org/tides#top' },
      { content: TIDES },
      { documentId },
      { url: 'https://example.org/tides' },
      { content: `  ${TIDES.replaceAll(' ', '   ')}\n` },
      { documentId },
      { content: MOON },
    ],
  });
  t.equal(response.status, 202);
  const { episode } = await json(response);
  t.equal(episode.language, null, 'with a page among the sources, the language waits for ingest');
  const rows = await db.selectFrom('episode_sources').selectAll().where('episode_id', '=', episode.id).orderBy('position').execute();
  t.same(rows.map((row) => [row.position, row.kind, row.url, row.input_text, row.document_id, row.status]), [
    [0, 'url', 'https://example.org/tides#top', null, null, 'pending'],
    [1, 'text', null, TIDES, null, 'pending'],
    [2, 'document', null, null, documentId, 'pending'],
    [3, 'text', null, MOON, null, 'pending'],
  ], 'the same page, text or document once, at its first place');
  t.match(rows[2], { storage_key: `documents/${user.userId}/${documentId}/original.pdf`, filename: 'moon.pdf' });
  const row = await db.selectFrom('episodes').select(['source_type', 'title']).where('id', '=', episode.id).executeTakeFirstOrThrow();
  t.same(row, { source_type: 'sources', title: 'Episode from example.org and 3 more' });

  const view = await json(await api.request(`/api/episodes/${episode.id}`, { token: user.accessToken }));
  t.same(view.episode.sources, [
    { index: 0, kind: 'url', title: 'example.org', url: 'https://example.org/tides#top', characters: null, language: null, status: 'pending' },
    { index: 1, kind: 'text', title: 'Source 2', characters: null, language: null, status: 'pending' },
    { index: 2, kind: 'document', title: 'moon.pdf', documentId, characters: null, language: null, status: 'pending' },
    { index: 3, kind: 'text', title: 'Source 4', characters: null, language: null, status: 'pending' },
  ]);
  t.match(await json(await api.request('/api/episodes?limit=1', { token: user.accessToken })), { episodes: [{ id: episode.id, sourceType: 'sources' }] });
  const sources = await json(await api.request(`/api/episodes/${episode.id}/sources`, { token: user.accessToken }));
  t.match(sources, { success: true, episodeId: episode.id, refsDropped: 0 });
  t.same(sources.sources.map((source: { index: number; timestamps: unknown[] }) => [source.index, source.timestamps]), [[0, []], [1, []], [2, []], [3, []]], 'no moments before the audio exists');
});

t.test('typed sources alone: the language is the one most of their characters are in, now', async (t) => {
  const user = await creator(api);
  const spanish = 'Las mareas suben y bajan dos veces al día. La luna atrae los océanos mientras la Tierra gira sobre su eje.';
  const longer = `${spanish} Los marineros leen las mareas para planear sus viajes desde hace siglos, y los pescadores también.`;
  const response = await create(user.accessToken, { sources: [{ content: TIDES }, { content: longer }] });
  t.equal(response.status, 202);
  t.match(await json(response), { episode: { language: 'es', languageDetected: true } });
  const asked = await create(user.accessToken, { sources: [{ content: TIDES }, { content: longer }], language: 'fr' });
  t.match(await json(asked), { episode: { language: 'fr', languageDetected: false } });
});

t.test('exactly one of content, url and sources; each source exactly one of content, url and documentId', async (t) => {
  const user = await creator(api);
  const cases: [string, unknown, RegExp][] = [
    ['content and sources', { content: TIDES, sources: [{ content: MOON }] }, /exactly one of content, url or sources/],
    ['none at all', {}, /exactly one of content, url or sources/],
    ['an empty list', { sources: [] }, /sources/],
    ['a source with two fields', { sources: [{ content: TIDES, url: 'https://example.org/' }] }, /sources\[0\] must have exactly one of content, url or documentId/],
    ['an empty source', { sources: [{ content: TIDES }, {}] }, /sources\[1\] must have exactly one/],
    ['a blank text', { sources: [{ content: '   ' }] }, /sources\[0\]\.content must not be blank/],
    ['an ftp address', { sources: [{ url: 'ftp://example.org/file' }] }, /sources\[0\]\.url must be an http or https address/],
    ['an unknown field', { sources: [{ text: TIDES }] }, /./],
  ];
  for (const [name, body, message] of cases) {
    const response = await create(user.accessToken, body);
    t.equal(response.status, 400, name);
    t.match(await json(response), { success: false, error: 'Validation failed', message }, name);
  }
  await nothingMade(t, user.userId);
});

t.test('the tier bounds the sources: too many, too many characters; a refusal stores nothing and uses no quota', async (t) => {
  const free = await registerUser(api);
  const { maxSources, maxSourceCharacters } = TIER_LIMITS.free;
  const tooMany = await create(free.accessToken, { sources: Array.from({ length: maxSources + 1 }, (_, n) => ({ content: `${TIDES} Note ${n}.` })) });
  t.equal(tooMany.status, 403);
  t.match(await json(tooMany), {
    success: false,
    error: 'Source limit exceeded',
    message: `An episode on the free tier may have up to ${maxSources} sources; ${maxSources + 1} were given`,
    tier: 'free',
    maxSources,
    maxSourceCharacters,
    upgrade: { url: '/api/billing/pricing' },
  });
  // Each text within the bound of one source, together past the tier's.
  const third = 'Tides follow the moon. '.repeat(Math.ceil(maxSourceCharacters / 3 / 23) + 10).trim();
  const tooLong = await create(free.accessToken, { sources: [{ content: `${third} One.` }, { content: `${third} Two.` }, { content: `${third} Three.` }] });
  t.equal(tooLong.status, 403);
  t.match(await json(tooLong), { error: 'Source limit exceeded', message: /may hold up to 200,000 characters together/ });
  const merged = await create(free.accessToken, { sources: [...Array.from({ length: maxSources }, () => ({ content: TIDES })), { content: MOON }] });
  t.equal(merged.status, 202, 'duplicates are merged before the bound is counted');
  t.equal((await db.selectFrom('episode_sources').select('position').where('episode_id', '=', (await json(merged)).episode.id).execute()).length, 2);
  const nobody = await registerUser(api);
  t.equal((await create(nobody.accessToken, { sources: Array.from({ length: maxSources + 1 }, (_, n) => ({ url: `https://example.org/${n}` })) })).status, 403);
  await nothingMade(t, nobody.userId);
});

t.test('a document of another account, or a deleted one, is a 404 and nothing is made', async (t) => {
  const owner = await creator(api);
  const other = await creator(api);
  const documentId = await storeDocument(owner.accessToken, ['The moon raises tides.']);
  const foreign = await create(other.accessToken, { sources: [{ content: TIDES }, { documentId }] });
  t.equal(foreign.status, 404);
  t.match(await json(foreign), { success: false, error: 'Not found', message: new RegExp(`Document ${documentId} not found`) });
  await nothingMade(t, other.userId);

  t.equal((await api.request(`/api/documents/${documentId}`, { method: 'DELETE', token: owner.accessToken })).status, 200);
  const deleted = await create(owner.accessToken, { sources: [{ documentId }] });
  t.equal(deleted.status, 404, 'a deleted document');
  await nothingMade(t, owner.userId);
});

t.test('an upload takes several files: one episode, one source each, in the order sent', async (t) => {
  const user = await creator(api);
  const form = new FormData();
  form.append('preset', 'quick');
  form.append('file', new Blob([minimalPdf(['The moon raises tides.'])]), 'moon.pdf');
  form.append('file', new Blob([`# Tides\n\n${TIDES}\n`]), 'tides.md');
  const response = await api.request('/api/episodes/upload', { method: 'POST', token: user.accessToken, body: form });
  t.equal(response.status, 202);
  const { episode } = await json(response);
  const rows = await db.selectFrom('episode_sources').select(['position', 'kind', 'storage_key', 'filename']).where('episode_id', '=', episode.id).orderBy('position').execute();
  t.same(rows, [
    { position: 0, kind: 'upload', storage_key: `uploads/${episode.id}/original.pdf`, filename: 'moon.pdf' },
    { position: 1, kind: 'upload', storage_key: `uploads/${episode.id}/source-1.md`, filename: 'tides.md' },
  ]);
  t.match(await db.selectFrom('episodes').select(['source_type', 'source_key']).where('id', '=', episode.id).executeTakeFirstOrThrow(), { source_type: 'sources', source_key: null });
  t.equal((await api.request(`/api/episodes/${episode.id}`, { method: 'DELETE', token: user.accessToken })).status, 200);
});
