// The pronunciation lexicon over HTTPS: create, list, change, delete; owner scoping;
// every bad field a 400 that changes nothing; one entry per term (409); the bound (409).
import t from 'tap';
import { newId } from '@castwright/core/ids';
import { PRONUNCIATION_LIMITS } from '@castwright/core/pronunciations';
import { creator, json, registerUser, startTestApi } from '#test-helpers/test-api';

const api = await startTestApi(t);
const db = api.database.db;

type Json = Record<string, unknown>;

async function create(token: string, body: Json): Promise<Json> {
  const response = await api.request('/api/pronunciations', { method: 'POST', token, json: body });
  if (response.status !== 201) throw new Error(`create entry: ${response.status} ${await response.text()}`);
  return (await json(response)).pronunciation;
}

async function list(token: string) {
  return json(await api.request('/api/pronunciations', { token }));
}

t.test('add, list, change and delete entries', async (t) => {
  const user = await creator(api, 'enterprise');
  const created = await api.request('/api/pronunciations', { method: 'POST', token: user.accessToken, json: { term: '  Kubernetes ', sayAs: 'koo  ber net eez' } });
  t.equal(created.status, 201);
  const entry = (await json(created)).pronunciation;
  t.match(entry, { id: /^pr_[A-Za-z0-9_-]{22}$/, term: 'Kubernetes', sayAs: 'koo ber net eez', ipa: null, caseSensitive: false, createdAt: String, updatedAt: String });
  t.same(Object.keys(entry).sort(), ['caseSensitive', 'createdAt', 'id', 'ipa', 'sampleUrl', 'sayAs', 'term', 'updatedAt']);
  const sql = await create(user.accessToken, { term: 'SQL', ipa: 'ˈsiːkwəl', sayAs: null });
  const nguyen = await create(user.accessToken, { term: 'Nguyen', ipa: 'ŋwiən g', caseSensitive: true });
  t.equal(nguyen.ipa, 'ŋwiən ɡ', 'ASCII g is stored as the IPA ɡ');

  const listed = await list(user.accessToken);
  t.same(listed.pronunciations.map((item: Json) => item.term), ['Kubernetes', 'Nguyen', 'SQL'], 'by term, any case');
  t.match(listed, { success: true, count: 3, maxEntries: PRONUNCIATION_LIMITS.entriesPerAccount });

  const changed = await api.request(`/api/pronunciations/${entry.id}`, { method: 'PUT', token: user.accessToken, json: { ipa: 'kˌuːbɚnˈɛtiːz' } });
  t.equal(changed.status, 200);
  const after = (await json(changed)).pronunciation;
  t.match(after, { id: entry.id, term: 'Kubernetes', sayAs: 'koo ber net eez', ipa: 'kˌuːbɚnˈɛtiːz', caseSensitive: false });
  t.ok(after.updatedAt > entry.updatedAt, 'updatedAt moves');
  const cleared = await json(await api.request(`/api/pronunciations/${entry.id}`, { method: 'PUT', token: user.accessToken, json: { sayAs: null, caseSensitive: true, term: 'K8s' } }));
  t.match(cleared.pronunciation, { term: 'K8s', sayAs: null, ipa: 'kˌuːbɚnˈɛtiːz', caseSensitive: true });

  const removed = await api.request(`/api/pronunciations/${sql.id}`, { method: 'DELETE', token: user.accessToken });
  t.same(await json(removed), { success: true, message: 'Pronunciation entry deleted' });
  t.equal((await api.request(`/api/pronunciations/${sql.id}`, { method: 'DELETE', token: user.accessToken })).status, 404, 'gone');
  t.same((await list(user.accessToken)).pronunciations.map((item: Json) => item.term), ['K8s', 'Nguyen']);

  const exported = await json(await api.request('/api/user/export', { token: user.accessToken }));
  t.same(exported.pronunciations.map((item: Json) => item.term), ['K8s', 'Nguyen'], 'the lexicon is in the data export');

  const free = await registerUser(api);
  t.equal((await api.request('/api/pronunciations', { method: 'POST', token: free.accessToken, json: { term: 'GIF', sayAs: 'jif' } })).status, 201, 'every tier has a lexicon');
});

t.test('auth is required, and another user\'s entry is a 404 that stays as it was', async (t) => {
  const owner = await creator(api, 'enterprise');
  const stranger = await creator(api, 'enterprise');
  const entry = await create(owner.accessToken, { term: 'GIF', sayAs: 'jif' });
  for (const [method, path] of [['GET', '/api/pronunciations'], ['POST', '/api/pronunciations'], ['PUT', `/api/pronunciations/${entry.id}`], ['DELETE', `/api/pronunciations/${entry.id}`]] as const) {
    const response = await api.request(path, { method, ...(method === 'POST' || method === 'PUT' ? { json: { term: 'x', sayAs: 'y' } } : {}) });
    t.equal(response.status, 401, `${method} ${path} without a token`);
  }
  for (const [method, body] of [['PUT', { sayAs: 'gif' }], ['DELETE', undefined]] as const) {
    const response = await api.request(`/api/pronunciations/${entry.id}`, { method, token: stranger.accessToken, ...(body && { json: body }) });
    t.equal(response.status, 404, `${method} by a stranger`);
    t.match(await json(response), { success: false, error: 'Not found', message: 'Pronunciation entry not found' });
  }
  t.equal((await api.request('/api/pronunciations/pr_doesnotexist', { method: 'PUT', token: owner.accessToken, json: { sayAs: 'x' } })).status, 404);
  t.same((await list(stranger.accessToken)).pronunciations, [], 'lists are per account');
  t.match((await list(owner.accessToken)).pronunciations, [{ id: entry.id, term: 'GIF', sayAs: 'jif' }]);
  await create(stranger.accessToken, { term: 'GIF', sayAs: 'gif' });
  t.match((await list(owner.accessToken)).pronunciations, [{ id: entry.id, sayAs: 'jif' }], 'the same term in another account is another entry');
});

t.test('each bad field is a 400 naming the problem, and changes nothing', async (t) => {
  const user = await creator(api, 'enterprise');
  const entry = await create(user.accessToken, { term: 'Keep', sayAs: 'keep me' });
  const creates: [string, unknown, RegExp][] = [
    ['no term', { sayAs: 'x' }, /body\.term is required/],
    ['empty term', { term: '', sayAs: 'x' }, /body\/term|body\.term/],
    ['blank term', { term: '   ', sayAs: 'x' }, /body\.term must contain a letter or a digit/],
    ['term of punctuation only', { term: '?!', sayAs: 'x' }, /body\.term must contain a letter or a digit/],
    ['term over 100', { term: 'x'.repeat(PRONUNCIATION_LIMITS.termMaxLength + 1), sayAs: 'x' }, /term/],
    ['term with a control character', { term: 'a\u0000b', sayAs: 'x' }, /body\.term must be plain text/],
    ['term with a zero-width space', { term: 'a\u200bb', sayAs: 'x' }, /body\.term must be plain text/],
    ['term not a string', { term: { text: 'x' }, sayAs: 'x' }, /term/],
    ['neither sayAs nor ipa', { term: 'SQL' }, /must give sayAs, ipa or both/],
    ['both null', { term: 'SQL', sayAs: null, ipa: null }, /must give sayAs, ipa or both/],
    ['empty sayAs', { term: 'SQL', sayAs: '' }, /sayAs/],
    ['blank sayAs', { term: 'SQL', sayAs: '  ' }, /body\.sayAs must contain a letter or a digit/],
    ['sayAs over 200', { term: 'SQL', sayAs: 'x'.repeat(PRONUNCIATION_LIMITS.sayAsMaxLength + 1) }, /sayAs/],
    ['sayAs with a private-use character', { term: 'SQL', sayAs: 'se\ue000quel' }, /body\.sayAs must be plain text/],
    ['ipa with characters Kokoro cannot say', { term: 'café', ipa: "/ka'fé/" }, /body\.ipa has characters that are not IPA symbols Kokoro can say: "\/" \(U\+002F; leave the slashes around a transcription out\), "'" \(U\+0027; write ˈ \(U\+02C8\) for primary stress\), "é" \(U\+00E9\)/],
    ['ipa with Kokoro punctuation', { term: 'SQL', ipa: 'siː.kwəl' }, /"\." \(U\+002E; leave syllable breaks out\)/],
    ['ipa without a letter', { term: 'SQL', ipa: 'ˈː' }, /body\.ipa must contain at least one IPA letter/],
    ['ipa over 200', { term: 'SQL', ipa: 'a'.repeat(PRONUNCIATION_LIMITS.ipaMaxLength + 1) }, /ipa/],
    ['caseSensitive not a boolean', { term: 'SQL', sayAs: 'x', caseSensitive: 'yes' }, /caseSensitive/],
    ['unknown field', { term: 'SQL', sayAs: 'x', voice: 'af_heart' }, /body\.voice is not a field of this operation/],
  ];
  for (const [name, body, message] of creates) {
    const response = await api.request('/api/pronunciations', { method: 'POST', token: user.accessToken, json: body });
    t.equal(response.status, 400, name);
    const answer = await json(response);
    t.match(answer, { success: false, error: 'Validation failed', message: String, errors: Array }, name);
    t.match(answer.message, message, name);
  }
  const updates: [string, unknown][] = [
    ['empty body', {}],
    ['removing the only way to say it', { sayAs: null }],
    ['a blank term', { term: ' ' }],
    ['a bad ipa', { ipa: 'ʘ' }],
  ];
  for (const [name, body] of updates) {
    t.equal((await api.request(`/api/pronunciations/${entry.id}`, { method: 'PUT', token: user.accessToken, json: body })).status, 400, name);
  }
  const after = await list(user.accessToken);
  t.equal(after.count, 1, 'nothing was created');
  t.match(after.pronunciations[0], { term: 'Keep', sayAs: 'keep me', ipa: null, updatedAt: entry.updatedAt });
});

t.test('one entry per term: 409 for a duplicate, case rules decide what is one', async (t) => {
  const user = await creator(api, 'enterprise');
  const sql = await create(user.accessToken, { term: 'SQL', sayAs: 'sequel' });
  for (const term of ['SQL', 'sql', ' Sql ']) {
    const response = await api.request('/api/pronunciations', { method: 'POST', token: user.accessToken, json: { term, sayAs: 'ess queue ell' } });
    t.equal(response.status, 409, term);
    t.same(await json(response), { success: false, error: 'Conflict', message: 'The lexicon already has an entry for "SQL" in any capitalisation; change that entry instead', existing: { id: sql.id, term: 'SQL' } });
  }
  const upper = await create(user.accessToken, { term: 'US', sayAs: 'you ess', caseSensitive: true });
  await create(user.accessToken, { term: 'Us', sayAs: 'uss', caseSensitive: true });
  await create(user.accessToken, { term: 'us', sayAs: 'uhs' });
  const again = await api.request('/api/pronunciations', { method: 'POST', token: user.accessToken, json: { term: 'US', sayAs: 'u s', caseSensitive: true } });
  t.equal(again.status, 409, 'the same case-sensitive spelling twice');
  t.match(await json(again), { message: /entry for "US" with this exact capitalisation/ });

  const go = await create(user.accessToken, { term: 'Go', sayAs: 'go lang' });
  const renamed = await api.request(`/api/pronunciations/${go.id}`, { method: 'PUT', token: user.accessToken, json: { term: 'sql' } });
  t.equal(renamed.status, 409, 'renaming onto another entry\'s term');
  t.match(await json(renamed), { existing: { id: sql.id, term: 'SQL' } }, 'names the entry it would collide with');
  t.equal((await api.request(`/api/pronunciations/${upper.id}`, { method: 'PUT', token: user.accessToken, json: { term: 'US', sayAs: 'united states' } })).status, 200, 'an entry keeps its own term');
  t.equal((await api.request(`/api/pronunciations/${upper.id}`, { method: 'PUT', token: user.accessToken, json: { caseSensitive: false } })).status, 409, 'made case-insensitive, "US" is "us"');
  const terms = (await list(user.accessToken)).pronunciations.map((item: Json) => `${item.term}:${item.sayAs}`);
  t.same(terms.sort(), ['Go:go lang', 'SQL:sequel', 'US:united states', 'Us:uss', 'us:uhs']);
});

t.test(`an account holds at most ${PRONUNCIATION_LIMITS.entriesPerAccount} entries`, async (t) => {
  const user = await creator(api, 'enterprise');
  const limit = PRONUNCIATION_LIMITS.entriesPerAccount;
  await db
    .insertInto('pronunciations')
    .values(Array.from({ length: limit - 1 }, (_, index) => ({ id: newId('pronunciation'), user_id: user.userId, term: `term${index}`, term_key: `term${index}`, say_as: `word ${index}`, ipa: null })))
    .execute();
  const last = await create(user.accessToken, { term: 'last', sayAs: 'the last one' });
  const over = await api.request('/api/pronunciations', { method: 'POST', token: user.accessToken, json: { term: 'one more', sayAs: 'too many' } });
  t.equal(over.status, 409);
  t.match(await json(over), { success: false, error: 'Limit reached', message: `A lexicon holds at most ${limit} entries; delete one to add another` });
  const full = await list(user.accessToken);
  t.equal(full.count, limit);
  t.equal(full.pronunciations.length, limit, 'the whole lexicon in one list');
  t.equal((await api.request(`/api/pronunciations/${last.id}`, { method: 'PUT', token: user.accessToken, json: { sayAs: 'changed' } })).status, 200, 'a full lexicon can still change');
  t.equal((await api.request(`/api/pronunciations/${last.id}`, { method: 'DELETE', token: user.accessToken })).status, 200);
  t.equal((await api.request('/api/pronunciations', { method: 'POST', token: user.accessToken, json: { term: 'one more', sayAs: 'fits now' } })).status, 201);
});
