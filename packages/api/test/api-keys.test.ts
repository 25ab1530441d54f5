import t from 'tap';
import { updateUserTier } from '@castwright/core/repositories/users';
import { json, registerUser, startTestApi } from '#test-helpers/test-api';

const api = await startTestApi(t);

t.test('free accounts cannot create API keys', async (t) => {
  const user = await registerUser(api);
  const response = await api.request('/api/user/api-key', { method: 'POST', token: user.accessToken });
  t.equal(response.status, 403);
  t.match(await json(response), { success: false, error: 'Upgrade required' });
});

t.test('a key is svc_ + 256 random bits, shown once, works as a bearer token, stored only as a hash', async (t) => {
  const user = await registerUser(api);
  await updateUserTier(api.database.db, user.email, 'creator');
  const body = await json(await api.request('/api/user/api-key', { method: 'POST', token: user.accessToken }));
  t.match(body, { success: true, apiKey: /^svc_[A-Za-z0-9_-]{43}$/, warning: /only once/ });
  const profile = await api.request('/api/user/profile', { token: body.apiKey });
  t.equal(profile.status, 200);
  t.equal((await json(profile)).user.id, user.userId);
  const rows = await api.database.db.selectFrom('api_keys').selectAll().where('user_id', '=', user.userId).execute();
  t.equal(rows.length, 1);
  t.not(rows[0]?.key_hash, body.apiKey);
  t.match(rows[0]?.key_hash, /^[0-9a-f]{64}$/);
  t.equal(rows[0]?.last_four, body.apiKey.slice(-4));
});

t.test('generating revokes the previous key; DELETE revokes the current; 3 generations a day', async (t) => {
  const user = await registerUser(api);
  await updateUserTier(api.database.db, user.email, 'professional');
  const first = (await json(await api.request('/api/user/api-key', { method: 'POST', token: user.accessToken }))).apiKey;
  const second = (await json(await api.request('/api/user/api-key', { method: 'POST', token: user.accessToken }))).apiKey;
  t.equal((await api.request('/api/user/profile', { token: first })).status, 401, 'the previous key is revoked');
  t.equal((await api.request('/api/user/profile', { token: second })).status, 200);

  const revoke = await api.request('/api/user/api-key', { method: 'DELETE', token: user.accessToken });
  t.match(await json(revoke), { success: true, message: 'API key revoked' });
  t.equal((await api.request('/api/user/profile', { token: second })).status, 401);
  t.match(await json(await api.request('/api/user/api-key', { method: 'DELETE', token: user.accessToken })), { message: /no active API key/ });

  t.equal((await api.request('/api/user/api-key', { method: 'POST', token: user.accessToken })).status, 200, 'third of the day');
  const fourth = await api.request('/api/user/api-key', { method: 'POST', token: user.accessToken });
  t.equal(fourth.status, 429);
  t.match(await json(fourth), { error: 'Rate limit exceeded' });
  t.ok(Number(fourth.headers.get('retry-after')) > 0);
  const live = await api.database.db.selectFrom('api_keys').select('id').where('user_id', '=', user.userId).where('revoked_at', 'is', null).execute();
  t.equal(live.length, 1, 'one current key');
});
