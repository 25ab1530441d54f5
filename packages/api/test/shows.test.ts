// Shows through the real API: create, list, read, change with If-Match and delete; the
// defaults an episode (or a briefing) made in a show starts from (its format and reactions
// too), with what the episode gives winning; the episode view naming its show; and another account's show a 404
// everywhere, `showId` on an episode included.
import t from 'tap';
import { FormData } from 'undici';
import { insertEpisodes } from '#test-helpers/episode-rows';
import { creator, json, registerUser, startTestApi } from '#test-helpers/test-api';

const api = await startTestApi(t);
const db = api.database.db;

type Json = Record<string, unknown>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function createShow(token: string, body: Json): Promise<Record<string, any>> {
  const response = await api.request('/api/shows', { method: 'POST', token, json: body });
  if (response.status !== 201) throw new Error(`create show: ${response.status} ${await response.text()}`);
  return (await json(response)).show;
}

const NO_PARTS = { intro: null, outro: null, bed: null, sting: null };

t.test('create, list, read, change with If-Match and delete a show', async (t) => {
  const user = await creator(api, 'professional');
  const token = user.accessToken;
  const created = await api.request('/api/shows', {
    method: 'POST',
    token,
    json: { name: '  The Lighthouse Hour ', description: 'Keepers and their lamps.', author: 'Ada Keeper', language: 'EN-gb', category: 'History', preset: 'standard', voiceStyle: 'casual', levels: { bedGapDb: -10 } },
  });
  t.equal(created.status, 201);
  const show = (await json(created)).show;
  t.match(show, {
    id: /^show_[A-Za-z0-9_-]{22}$/,
    name: 'The Lighthouse Hour',
    description: 'Keepers and their lamps.',
    author: 'Ada Keeper',
    language: 'en-GB',
    category: 'History',
    artworkUrl: null,
    hostMode: null,
    hosts: null,
    voiceStyle: 'casual',
    preset: 'standard',
    durationMinutes: null,
    format: null,
    reactions: null,
    levels: { bedSpeechDb: -26, bedGapDb: -10, duckAttackMs: 60, duckReleaseMs: 400, partsDb: 0 },
    episodeCount: 0,
    feedEnabled: false,
  });
  t.same(show.parts, NO_PARTS);
  const second = await createShow(token, { name: 'Night shift' });
  const list = await json(await api.request('/api/shows', { token }));
  t.same(list.shows.map((entry: Json) => entry.id), [second.id, show.id], 'newest first');
  t.same(list.pagination, { total: 2, limit: 50, offset: 0 });

  const read = await api.request(`/api/shows/${show.id}`, { token });
  const etag = read.headers.get('etag') as string;
  t.match(etag, /^"[A-Za-z0-9_-]{32}"$/);
  const changed = await api.request(`/api/shows/${show.id}`, { method: 'PATCH', token, headers: { 'if-match': etag }, json: { durationMinutes: 20, levels: { duckReleaseMs: 250 }, category: null } });
  t.equal(changed.status, 200);
  t.match((await json(changed)).show, { preset: null, durationMinutes: 20, category: null, levels: { bedGapDb: -10, duckReleaseMs: 250 } }, 'minutes clear the preset; levels merge');
  const stale = await api.request(`/api/shows/${show.id}`, { method: 'PATCH', token, headers: { 'if-match': etag }, json: { name: 'Lost update' } });
  t.equal(stale.status, 412);
  t.match(await json(stale), { success: false, error: 'Precondition failed', message: /The show changed since you read it/ });
  t.equal((await json(await api.request(`/api/shows/${show.id}`, { token }))).show.name, 'The Lighthouse Hour', 'the stale change was not made');

  const problems = await api.request(`/api/shows/${show.id}`, { method: 'PATCH', token, json: { name: '   ', language: 'tlh', levels: { bedSpeechDb: -5, bedGapDb: -20 } } });
  t.equal(problems.status, 400);
  t.match(await json(problems), { error: 'Validation failed', errors: [/name must not be blank/, /language/, /bed under speech \(-5 dB\) must not be louder than in the gaps \(-20 dB\)/] });
  t.equal((await api.request(`/api/shows/${show.id}`, { method: 'PATCH', token, json: { levels: { bedGapDb: 3 } } })).status, 400, 'a level past its bound');
  t.equal((await api.request(`/api/shows/${show.id}`, { method: 'PATCH', token, json: { nickname: 'x' } })).status, 400, 'an unknown field');
  const longer = await api.request(`/api/shows/${show.id}`, { method: 'PATCH', token, json: { durationMinutes: 120 } });
  t.equal(longer.status, 403, 'a length beyond the tier, as for an episode');

  const current = (await api.request(`/api/shows/${second.id}`, { token })).headers.get('etag') as string;
  t.equal((await api.request(`/api/shows/${second.id}`, { method: 'DELETE', token, headers: { 'if-match': '"stale"' } })).status, 412);
  t.equal((await api.request(`/api/shows/${second.id}`, { method: 'DELETE', token, headers: { 'if-match': current } })).status, 200);
  t.equal((await api.request(`/api/shows/${second.id}`, { token })).status, 404);
});

t.test('an episode made in a show starts from its defaults; what the episode gives wins', async (t) => {
  const user = await creator(api, 'professional');
  const token = user.accessToken;
  const show = await createShow(token, { name: 'Harbour notes', preset: 'quick', hostMode: 'multi', voiceStyle: 'enthusiastic', voicePair: 'debate', language: 'es', format: 'debate', reactions: 'lively' });
  const content = 'Los faros guiaron a los barcos durante siglos. Cada faro tenía su propio destello, y los marineros los reconocían de noche.';

  const inherited = await api.request('/api/episodes', { method: 'POST', token, json: { content, showId: show.id } });
  t.equal(inherited.status, 202);
  const id = (await json(inherited)).episode.id as string;
  t.match(await db.selectFrom('episodes').selectAll().where('id', '=', id).executeTakeFirstOrThrow(), {
    show_id: show.id, preset: 'quick', duration_minutes: null, host_mode: 'multi', voice_style: 'enthusiastic', voice_pair: 'debate', language: 'es', language_detected: false, format: 'debate', reactions: 'lively',
  });
  const view = await json(await api.request(`/api/episodes/${id}`, { token }));
  t.same(view.episode.show, { id: show.id, name: 'Harbour notes' }, 'the episode view names its show');
  t.match(view.episode, { format: 'debate', reactions: 'lively' }, 'and its format and reactions, the show\'s');

  const overridden = await api.request('/api/episodes', { method: 'POST', token, json: { content, showId: show.id, durationMinutes: 5, hostMode: 'single', voiceStyle: 'casual', language: 'en', format: 'brief', reactions: 'none' } });
  t.equal(overridden.status, 202);
  t.match(await db.selectFrom('episodes').selectAll().where('id', '=', (await json(overridden)).episode.id).executeTakeFirstOrThrow(), {
    show_id: show.id, duration_minutes: 5, host_mode: 'single', voice_style: 'casual', voice_pair: 'debate', language: 'en', format: 'brief', reactions: 'none',
  });
  // The show's debate with the episode's one host cannot be read: the episode's 400, in words.
  const oneHost = await api.request('/api/episodes', { method: 'POST', token, json: { content, showId: show.id, hostMode: 'single' } });
  t.equal(oneHost.status, 400);
  t.match(await json(oneHost), { error: 'Validation failed', message: /A debate needs two hosts/ });
  // A show's format its own line-up cannot read is refused as it is set, with nothing changed.
  const mismatched = await api.request(`/api/shows/${show.id}`, { method: 'PATCH', token, json: { format: 'brief' } });
  t.equal(mismatched.status, 400);
  t.match(await json(mismatched), { error: 'Validation failed', message: /A brief is read by one host/ });
  t.equal((await api.request(`/api/shows/${show.id}`, { method: 'PATCH', token, json: { format: 'sermon' } })).status, 400, 'an unknown format');
  t.equal((await api.request(`/api/shows/${show.id}`, { method: 'PATCH', token, json: { reactions: 'constant' } })).status, 400, 'an unknown reactions level');
  const cleared = (await json(await api.request(`/api/shows/${show.id}`, { method: 'PATCH', token, json: { format: null, reactions: null } }))).show;
  t.match(cleared, { format: null, reactions: null }, 'null clears them');
  const defaults = await api.request('/api/episodes', { method: 'POST', token, json: { content, showId: show.id } });
  t.match(await db.selectFrom('episodes').selectAll().where('id', '=', (await json(defaults)).episode.id).executeTakeFirstOrThrow(), { format: 'deep_dive', reactions: 'some' }, "then the interface's defaults apply");

  const outside = await api.request('/api/episodes', { method: 'POST', token, json: { content: 'Lighthouses guided ships.', preset: 'quick' } });
  t.equal((await json(await api.request(`/api/episodes/${(await json(outside)).episode.id}`, { token }))).episode.show, null);

  // Deleting the show keeps its episodes, outside any show.
  t.equal((await api.request(`/api/shows/${show.id}`, { method: 'DELETE', token })).status, 200);
  t.equal((await db.selectFrom('episodes').select('show_id').where('id', '=', id).executeTakeFirstOrThrow()).show_id, null);
  t.equal((await json(await api.request(`/api/episodes/${id}`, { token }))).episode.show, null);
});

t.test('an uploaded document takes showId as a form field', async (t) => {
  const user = await creator(api);
  const show = await createShow(user.accessToken, { name: 'Reading room', preset: 'quick', voiceStyle: 'educational' });
  const upload = (showId: string) => {
    const form = new FormData();
    form.append('showId', showId);
    form.append('file', new Blob(['Lighthouse keepers trimmed the wicks every few hours through the night.\n']), 'notes.txt');
    return api.request('/api/episodes/upload', { method: 'POST', token: user.accessToken, body: form });
  };
  const made = await upload(show.id);
  t.equal(made.status, 202);
  t.match(await db.selectFrom('episodes').selectAll().where('id', '=', (await json(made)).episode.id).executeTakeFirstOrThrow(), { show_id: show.id, preset: 'quick', voice_style: 'educational' });
  const someoneElses = await upload((await createShow((await creator(api)).accessToken, { name: 'Not yours' })).id);
  t.equal(someoneElses.status, 404, "another account's show");
  t.equal(await db.selectFrom('episodes').select('id').where('user_id', '=', user.userId).execute().then((rows) => rows.length), 1, 'and no episode for it');
});

t.test("a show's named hosts are checked like an episode's and given to its episodes", async (t) => {
  const user = await creator(api);
  const token = user.accessToken;
  const unknown = await api.request('/api/shows', { method: 'POST', token, json: { name: 'Guests', hosts: [{ name: 'Ada', voice: 'kokoro:nobody' }] } });
  t.equal(unknown.status, 400);
  t.match(await json(unknown), { message: /unknown voice "kokoro:nobody"/ });
});

t.test("another account's show is a 404 everywhere, showId on an episode and a briefing included", async (t) => {
  const owner = await creator(api);
  const show = await createShow(owner.accessToken, { name: 'Private matters' });
  const other = await creator(api, 'professional');
  const token = other.accessToken;
  const paths: [string, string, Json?][] = [
    ['GET', `/api/shows/${show.id}`],
    ['PATCH', `/api/shows/${show.id}`, { name: 'Taken' }],
    ['DELETE', `/api/shows/${show.id}`],
    ['GET', `/api/shows/${show.id}/audio/intro`],
    ['DELETE', `/api/shows/${show.id}/audio/intro`],
    ['GET', `/api/shows/${show.id}/artwork`],
    ['DELETE', `/api/shows/${show.id}/artwork`],
    ['POST', `/api/shows/${show.id}/feed`],
    ['DELETE', `/api/shows/${show.id}/feed`],
    ['POST', '/api/episodes', { content: 'Lighthouses guided ships.', showId: show.id }],
    ['POST', '/api/briefings', { name: 'Morning', show_id: show.id }],
  ];
  for (const [method, target, body] of paths) {
    const response = await api.request(target, { method, token, ...(body ? { json: body } : {}) });
    t.equal(response.status, 404, `${method} ${target}`);
    t.match(await json(response), { success: false, error: 'Not found', message: 'Show not found' }, `${method} ${target}`);
  }
  t.equal(await db.selectFrom('episodes').select('id').where('user_id', '=', other.userId).execute().then((rows) => rows.length), 0, 'no episode was made');
  t.equal((await api.request('/api/shows', { token })).status, 200);
  t.same((await json(await api.request('/api/shows', { token }))).shows, []);
  t.equal((await json(await api.request(`/api/shows/${show.id}`, { token: owner.accessToken }))).show.name, 'Private matters', 'unchanged');
  // The database refuses it too: a show is joined to episodes by (show, owner).
  await t.rejects(insertEpisodes(db, other.userId, 1, { show_id: show.id }), /episodes_show_fkey/);
  t.equal((await api.request('/api/shows')).status, 401, 'no credentials: 401');
});

t.test('a briefing made in a show: its fields left out come from the show', async (t) => {
  const user = await creator(api, 'professional');
  const token = user.accessToken;
  const show = await createShow(token, { name: 'Morning desk', preset: 'quick', hostMode: 'multi', language: 'fr', format: 'interview', reactions: 'none' });
  const created = await api.request('/api/briefings', { method: 'POST', token, json: { name: 'Headlines', show_id: show.id } });
  t.equal(created.status, 201);
  t.match((await json(created)).briefing, { show_id: show.id, preset: 'quick', host_mode: 'multi', language: 'fr', format: 'interview', reactions: 'none' });
  const own = (await json(await api.request('/api/briefings', { method: 'POST', token, json: { name: 'Own length', show_id: show.id, preset: 'standard', language: null, format: 'critique', reactions: 'some' } }))).briefing;
  t.match(own, { show_id: show.id, preset: 'standard', host_mode: 'multi', language: null, format: 'critique', reactions: 'some' }, 'what the briefing gives wins');
  const briefingId = own.id;
  const out = await api.request(`/api/briefings/${briefingId}`, { method: 'PATCH', token, json: { show_id: null } });
  t.equal((await json(out)).briefing.show_id, null);
});

t.test('an account holds a bounded number of shows', async (t) => {
  const user = await registerUser(api);
  const rows = Array.from({ length: 50 }, (_, n) => ({ id: `show_bound${String(n).padStart(17, '0')}`, user_id: user.userId, name: `Show ${n}` }));
  await db.insertInto('shows').values(rows).execute();
  const refused = await api.request('/api/shows', { method: 'POST', token: user.accessToken, json: { name: 'One more' } });
  t.equal(refused.status, 409);
  t.match(await json(refused), { error: 'Limit reached', message: /at most 50 shows/ });
});
