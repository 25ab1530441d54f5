import t from 'tap';
import { sql } from 'kysely';
import { newId } from '@castwright/core/ids';
import { insertEpisodes } from '#test-helpers/episode-rows';
import { creator, json, startTestApi } from '#test-helpers/test-api';

const api = await startTestApi(t);
const db = api.database.db;

type Json = Record<string, unknown>;

async function createPlaylist(token: string, body: Json = { name: 'Morning listening' }): Promise<string> {
  const response = await api.request('/api/playlists', { method: 'POST', token, json: body });
  if (response.status !== 201) throw new Error(`create playlist: ${response.status} ${await response.text()}`);
  return (await json(response)).playlist.id;
}

async function add(token: string, playlistId: string, episodeId: string) {
  return api.request(`/api/playlists/${playlistId}/episodes`, { method: 'POST', token, json: { episodeId } });
}

/** The members' ids in position order, and their positions as stored. */
async function members(playlistId: string): Promise<{ ids: string[]; positions: number[] }> {
  const rows = await db.selectFrom('playlist_episodes').select(['episode_id', 'position']).where('playlist_id', '=', playlistId).orderBy('position').execute();
  return { ids: rows.map((row) => row.episode_id), positions: rows.map((row) => row.position) };
}

const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

t.test('create, list, read, rename and delete a playlist', async (t) => {
  const user = await creator(api, 'enterprise');
  const created = await api.request('/api/playlists', { method: 'POST', token: user.accessToken, json: { name: '  Morning listening ', description: 'Short ones.' } });
  t.equal(created.status, 201);
  const body = await json(created);
  t.match(body, { success: true, playlist: { id: /^pl_[A-Za-z0-9_-]{22}$/, name: 'Morning listening', description: 'Short ones.', episodeCount: 0, totalDuration: 0, createdAt: String, updatedAt: String } });
  const id = body.playlist.id as string;
  const second = await createPlaylist(user.accessToken, { name: 'Later' });

  const list = await json(await api.request('/api/playlists', { token: user.accessToken }));
  t.same(list.pagination, { total: 2, limit: 50, offset: 0 });
  t.same(list.playlists.map((playlist: Json) => playlist.id), [second, id], 'newest first');
  t.same(Object.keys(list.playlists[0]).sort(), ['createdAt', 'description', 'episodeCount', 'id', 'name', 'totalDuration', 'updatedAt']);
  const page = await json(await api.request('/api/playlists?limit=1&offset=1', { token: user.accessToken }));
  t.same([page.playlists.map((playlist: Json) => playlist.id), page.pagination], [[id], { total: 2, limit: 1, offset: 1 }]);

  const single = await json(await api.request(`/api/playlists/${id}`, { token: user.accessToken }));
  t.same(single.playlist.episodes, []);
  t.same(single.playlist.feed, { enabled: false, createdAt: null });
  t.match(single.playlist, { id, name: 'Morning listening', episodeCount: 0, totalDuration: 0 });

  const renamed = await api.request(`/api/playlists/${id}`, { method: 'PUT', token: user.accessToken, json: { name: 'Evenings' } });
  t.equal(renamed.status, 200);
  const renamedBody = await json(renamed);
  t.match(renamedBody.playlist, { id, name: 'Evenings', description: 'Short ones.' });
  t.ok(renamedBody.playlist.updatedAt > body.playlist.updatedAt, 'updatedAt moves');
  t.match((await json(await api.request(`/api/playlists/${id}`, { method: 'PUT', token: user.accessToken, json: { description: '' } }))).playlist, { name: 'Evenings', description: '' });

  const [episode] = await insertEpisodes(db, user.userId, 1);
  t.equal((await add(user.accessToken, id, episode as string)).status, 200);
  const deleted = await api.request(`/api/playlists/${id}`, { method: 'DELETE', token: user.accessToken });
  t.same(await json(deleted), { success: true, message: 'Playlist deleted; its episodes were kept' });
  t.equal((await api.request(`/api/playlists/${id}`, { token: user.accessToken })).status, 404);
  t.ok(await db.selectFrom('episodes').select('id').where('id', '=', episode as string).executeTakeFirst(), 'the member episode still exists');
  t.equal((await members(id)).ids.length, 0);
});

t.test('bad input is a 400 in the error format and changes nothing', async (t) => {
  const user = await creator(api, 'enterprise');
  const id = await createPlaylist(user.accessToken, { name: 'Keep me', description: 'As is' });
  const creates: [string, unknown][] = [
    ['no name', { description: 'x' }],
    ['empty name', { name: '' }],
    ['blank name', { name: '   ' }],
    ['name over 100', { name: 'x'.repeat(101) }],
    ['description over 500', { name: 'ok', description: 'x'.repeat(501) }],
    ['name not a string', { name: { text: 'x' } }],
    ['unknown field', { name: 'ok', public: true }],
  ];
  for (const [name, body] of creates) {
    const response = await api.request('/api/playlists', { method: 'POST', token: user.accessToken, json: body });
    t.equal(response.status, 400, name);
    t.match(await json(response), { success: false, error: 'Validation failed', message: String, errors: Array }, name);
  }
  for (const [name, body] of [['empty update', {}], ['blank name', { name: ' ' }], ['long description', { description: 'x'.repeat(501) }]] as const) {
    t.equal((await api.request(`/api/playlists/${id}`, { method: 'PUT', token: user.accessToken, json: body })).status, 400, name);
  }
  for (const query of ['limit=0', 'limit=101', 'offset=-1', 'limit=ten']) {
    t.equal((await api.request(`/api/playlists?${query}`, { token: user.accessToken })).status, 400, query);
  }
  t.equal((await api.request(`/api/playlists/${id}/episodes`, { method: 'POST', token: user.accessToken, json: {} })).status, 400, 'episodeId is required');
  t.equal((await api.request(`/api/playlists/${id}/reorder`, { method: 'PUT', token: user.accessToken, json: { episodeIds: 'ep_1' } })).status, 400);
  const list = await json(await api.request('/api/playlists', { token: user.accessToken }));
  t.equal(list.pagination.total, 1, 'nothing was created');
  t.match(list.playlists[0], { name: 'Keep me', description: 'As is' });
  t.equal((await api.request('/api/playlists', { method: 'POST', json: { name: 'x' } })).status, 401, 'auth required');
});

t.test("another user's playlist is a 404 on every route, and stays as it was", async (t) => {
  const owner = await creator(api, 'enterprise');
  const stranger = await creator(api, 'enterprise');
  const id = await createPlaylist(owner.accessToken);
  const [episode] = await insertEpisodes(db, owner.userId, 1);
  const [strangerEpisode] = await insertEpisodes(db, stranger.userId, 1);
  t.equal((await add(owner.accessToken, id, episode as string)).status, 200);
  const routes: [string, string, Json | undefined][] = [
    ['GET', `/api/playlists/${id}`, undefined],
    ['PUT', `/api/playlists/${id}`, { name: 'Mine now' }],
    ['DELETE', `/api/playlists/${id}`, undefined],
    ['POST', `/api/playlists/${id}/episodes`, { episodeId: strangerEpisode as string }],
    ['DELETE', `/api/playlists/${id}/episodes/${episode}`, undefined],
    ['PUT', `/api/playlists/${id}/reorder`, { episodeIds: [episode as string] }],
    ['POST', `/api/playlists/${id}/feed`, undefined],
    ['DELETE', `/api/playlists/${id}/feed`, undefined],
  ];
  for (const [method, path, body] of routes) {
    const response = await api.request(path, { method, token: stranger.accessToken, ...(body && { json: body }) });
    t.equal(response.status, 404, `${method} ${path}`);
    t.match(await json(response), { success: false, error: 'Not found' });
  }
  t.notOk((await json(await api.request('/api/playlists', { token: stranger.accessToken }))).playlists.some((playlist: Json) => playlist.id === id));
  const after = await json(await api.request(`/api/playlists/${id}`, { token: owner.accessToken }));
  t.match(after.playlist, { name: 'Morning listening', episodeCount: 1, feed: { enabled: false } });
  t.equal(await db.selectFrom('playlist_feeds').select('playlist_id').where('playlist_id', '=', id).executeTakeFirst(), undefined);
});

t.test('members: add at the end, 409 for a repeat, 404 for episodes that are not yours; totals and positions', async (t) => {
  const user = await creator(api, 'enterprise');
  const stranger = await creator(api, 'enterprise');
  const id = await createPlaylist(user.accessToken);
  const [first, second] = await insertEpisodes(db, user.userId, 2, { status: 'ready', audio_key: 'episodes/x/audio.mp3', audio_duration_ms: 61_500 });
  const [third] = await insertEpisodes(db, user.userId, 1, { status: 'generating_audio' });
  const [foreign] = await insertEpisodes(db, stranger.userId, 1);
  for (const episode of [first, third, second]) {
    const response = await add(user.accessToken, id, episode as string);
    t.same(await json(response), { success: true, message: 'Episode added to the playlist' });
  }
  const repeat = await add(user.accessToken, id, first as string);
  t.equal(repeat.status, 409);
  t.match(await json(repeat), { success: false, error: 'Conflict', message: 'This episode is already in the playlist' });
  for (const episodeId of [foreign, 'ep_doesnotexist'] as string[]) {
    const response = await add(user.accessToken, id, episodeId);
    t.equal(response.status, 404);
    t.match(await json(response), { error: 'Not found', message: 'Episode not found' });
  }
  const single = await json(await api.request(`/api/playlists/${id}`, { token: user.accessToken }));
  t.same(single.playlist.episodes, [
    { id: first, title: 'Episode 1', status: 'ready', audioUrl: `/api/episodes/${first}/audio`, audioDuration: 62, position: 1 },
    { id: third, title: 'Episode 1', status: 'generating_audio', audioUrl: null, audioDuration: null, position: 2 },
    { id: second, title: 'Episode 2', status: 'ready', audioUrl: `/api/episodes/${second}/audio`, audioDuration: 62, position: 3 },
  ]);
  t.match(single.playlist, { episodeCount: 3, totalDuration: 124 });
  const listed = (await json(await api.request('/api/playlists', { token: user.accessToken }))).playlists[0];
  t.match(listed, { id, episodeCount: 3, totalDuration: 124 }, 'the list shows the same totals');

  // The database itself refuses a member owned by someone else.
  await t.rejects(
    db.insertInto('playlist_episodes').values({ playlist_id: id, episode_id: foreign as string, user_id: user.userId, position: 4 }).execute(),
    /foreign key/,
  );
});

t.test('remove and reorder keep positions 1..n; reorder must name exactly the members', async (t) => {
  const user = await creator(api, 'enterprise');
  const id = await createPlaylist(user.accessToken);
  const episodes = await insertEpisodes(db, user.userId, 4);
  const [a, b, c, d] = episodes as [string, string, string, string];
  for (const episode of episodes) await add(user.accessToken, id, episode);

  const removed = await api.request(`/api/playlists/${id}/episodes/${b}`, { method: 'DELETE', token: user.accessToken });
  t.same(await json(removed), { success: true, message: 'Episode removed from the playlist' });
  t.same(await members(id), { ids: [a, c, d], positions: [1, 2, 3] });
  t.ok(await db.selectFrom('episodes').select('id').where('id', '=', b).executeTakeFirst(), 'the episode itself stays');
  const again = await api.request(`/api/playlists/${id}/episodes/${b}`, { method: 'DELETE', token: user.accessToken });
  t.equal(again.status, 404);
  t.match(await json(again), { message: 'The episode is not in this playlist' });

  const reordered = await api.request(`/api/playlists/${id}/reorder`, { method: 'PUT', token: user.accessToken, json: { episodeIds: [d, a, c] } });
  t.same(await json(reordered), { success: true, message: 'Playlist reordered' });
  t.same(await members(id), { ids: [d, a, c], positions: [1, 2, 3] });

  const wrong: [string, string[], RegExp[]][] = [
    ['one missing', [d, a], [/missing: .*/]],
    ['one extra', [d, a, c, b], [new RegExp(`not in the playlist: ${b}`)]],
    ['a repeat', [d, a, c, a], [new RegExp(`listed more than once: ${a}`)]],
    ['missing and extra', [d, a, 'ep_nope'], [new RegExp(`missing: ${c}`), /not in the playlist: ep_nope/]],
    ['empty', [], [/missing: /]],
  ];
  for (const [name, episodeIds, expected] of wrong) {
    const response = await api.request(`/api/playlists/${id}/reorder`, { method: 'PUT', token: user.accessToken, json: { episodeIds } });
    t.equal(response.status, 400, name);
    const body = await json(response);
    t.match(body, { success: false, error: 'Validation failed' }, name);
    for (const pattern of expected) t.ok((body.errors as string[]).some((error) => pattern.test(error)), `${name}: ${body.message}`);
  }
  t.same(await members(id), { ids: [d, a, c], positions: [1, 2, 3] }, 'refused reorders change nothing');
  const emptyPlaylist = await createPlaylist(user.accessToken, { name: 'Empty' });
  t.equal((await api.request(`/api/playlists/${emptyPlaylist}/reorder`, { method: 'PUT', token: user.accessToken, json: { episodeIds: [] } })).status, 200);
});

t.test('deleting an episode removes it from every playlist and closes the gaps, in its own transaction', async (t) => {
  const user = await creator(api, 'enterprise');
  const [a, b, c] = (await insertEpisodes(db, user.userId, 3)) as [string, string, string];
  const first = await createPlaylist(user.accessToken, { name: 'One' });
  const second = await createPlaylist(user.accessToken, { name: 'Two' });
  for (const episode of [a, b, c]) await add(user.accessToken, first, episode);
  for (const episode of [b, c]) await add(user.accessToken, second, episode);
  const before = await db.selectFrom('playlists').select(['id', 'updated_at']).where('id', 'in', [first, second]).execute();

  t.equal((await api.request(`/api/episodes/${b}`, { method: 'DELETE', token: user.accessToken })).status, 200);
  t.same(await members(first), { ids: [a, c], positions: [1, 2] });
  t.same(await members(second), { ids: [c], positions: [1] });
  const after = await db.selectFrom('playlists').select(['id', 'updated_at']).where('id', 'in', [first, second]).execute();
  for (const row of after) {
    t.ok(row.updated_at > (before.find((old) => old.id === row.id)?.updated_at as Date), 'the playlist counts as changed');
  }
  t.match((await json(await api.request(`/api/playlists/${first}`, { token: user.accessToken }))).playlist, { episodeCount: 2 });
});

t.test('parallel adds to one playlist get consecutive positions', async (t) => {
  const user = await creator(api, 'enterprise');
  const id = await createPlaylist(user.accessToken);
  const episodes = await insertEpisodes(db, user.userId, 24);
  const statuses = await Promise.all(episodes.map(async (episode) => (await add(user.accessToken, id, episode)).status));
  t.same([...new Set(statuses)], [200]);
  const { ids, positions } = await members(id);
  t.same(positions, oneToN(24));
  t.same([...ids].sort(), [...episodes].sort());
  const duplicates = await Promise.all([0, 1, 2, 3].map(async () => (await add(user.accessToken, id, episodes[0] as string)).status));
  t.same(duplicates, [409, 409, 409, 409]);
});

t.test('per-account bounds: 200 playlists, 500 episodes a playlist, also under concurrency', async (t) => {
  const user = await creator(api, 'enterprise');
  const filler = Array.from({ length: 197 }, (_, n) => ({ id: newId('playlist'), user_id: user.userId, name: `Filler ${n}` }));
  await db.insertInto('playlists').values(filler).execute();
  const racing = await Promise.all([0, 1, 2, 3, 4, 5].map((n) => api.request('/api/playlists', { method: 'POST', token: user.accessToken, json: { name: `Race ${n}` } })));
  t.same(racing.map((response) => response.status).sort(), [201, 201, 201, 409, 409, 409], 'exactly three fit in the last three places');
  const refused = racing.find((response) => response.status === 409);
  t.match(await json(refused as (typeof racing)[number]), { success: false, error: 'Limit reached', message: /at most 200 playlists/ });
  const count = await db.selectFrom('playlists').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', user.userId).executeTakeFirstOrThrow();
  t.equal(count.n, 200);

  const full = filler[0]?.id as string;
  const episodes = await insertEpisodes(db, user.userId, 501);
  await db.insertInto('playlist_episodes').values(episodes.slice(0, 500).map((episode, n) => ({ playlist_id: full, episode_id: episode, user_id: user.userId, position: n + 1 }))).execute();
  const overflow = await add(user.accessToken, full, episodes[500] as string);
  t.equal(overflow.status, 409);
  t.match(await json(overflow), { error: 'Limit reached', message: /at most 500 episodes/ });
  t.equal((await members(full)).positions.length, 500);
  const tooLong = await api.request(`/api/playlists/${full}/reorder`, { method: 'PUT', token: user.accessToken, json: { episodeIds: episodes } });
  t.equal(tooLong.status, 400, 'a reorder names at most 500 ids');
});

t.test('the data export lists playlists; deleting the account deletes them', async (t) => {
  const user = await creator(api, 'enterprise');
  const id = await createPlaylist(user.accessToken, { name: 'Exported' });
  const [a, b] = (await insertEpisodes(db, user.userId, 2)) as [string, string];
  await add(user.accessToken, id, b);
  await add(user.accessToken, id, a);
  await api.request(`/api/playlists/${id}/feed`, { method: 'POST', token: user.accessToken });
  const exported = await json(await api.request('/api/user/export', { token: user.accessToken }));
  t.match(exported.playlists, [{ id, name: 'Exported', description: '', episodeIds: [b, a], createdAt: String, updatedAt: String }]);

  const deleted = await api.request('/api/user/account', { method: 'DELETE', token: user.accessToken, json: { password: user.password, confirm: 'DELETE' } });
  t.equal(deleted.status, 200);
  for (const table of ['playlists', 'playlist_episodes', 'playlist_feeds'] as const) {
    const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE ${sql.ref(table === 'playlists' ? 'id' : 'playlist_id')} = ${id}`.execute(db);
    t.equal(left.rows[0]?.n, 0, table);
  }
});

t.test('the OpenAPI document covers playlists, feeds, the episode edit and the new formats', async (t) => {
  const document = (await json(await api.request('/api/openapi.json'))) as { paths: Record<string, Record<string, { summary?: string; tags?: string[]; responses?: Record<string, unknown> }>> };
  const routes: [string, string][] = [
    ['/api/playlists', 'post'],
    ['/api/playlists', 'get'],
    ['/api/playlists/{id}', 'get'],
    ['/api/playlists/{id}', 'put'],
    ['/api/playlists/{id}', 'delete'],
    ['/api/playlists/{id}/episodes', 'post'],
    ['/api/playlists/{id}/episodes/{episodeId}', 'delete'],
    ['/api/playlists/{id}/reorder', 'put'],
    ['/api/playlists/{id}/feed', 'post'],
    ['/api/playlists/{id}/feed', 'delete'],
    ['/api/episodes/{id}', 'patch'],
    ['/api/episodes/{id}/chapters', 'get'],
    ['/api/episodes/{id}/audio', 'head'],
    ['/feeds/{token}/feed.xml', 'get'],
    ['/feeds/{token}/artwork.png', 'get'],
    ['/feeds/{token}/episodes/{episodeId}/audio.mp3', 'get'],
    ['/feeds/{token}/episodes/{episodeId}/audio.mp3', 'head'],
    ['/feeds/{token}/episodes/{episodeId}/transcript.vtt', 'get'],
    ['/feeds/{token}/episodes/{episodeId}/transcript.json', 'get'],
    ['/feeds/{token}/episodes/{episodeId}/chapters.json', 'get'],
  ];
  for (const [path, method] of routes) {
    const operation = document.paths[path]?.[method];
    t.ok(operation?.summary && operation.tags?.length, `${method.toUpperCase()} ${path} has a summary and tags`);
    t.ok((operation?.responses?.['200'] ?? operation?.responses?.['201']) && Object.keys(operation.responses).some((status) => status.startsWith('4')), `${method.toUpperCase()} ${path} lists its answers`);
  }
  const transcript = document.paths['/api/episodes/{id}/transcript']?.get as { responses: Record<string, { content?: Record<string, unknown> }> };
  t.same(Object.keys(transcript.responses['200']?.content ?? {}).sort(), ['application/json', 'application/x-subrip', 'text/vtt']);
});
