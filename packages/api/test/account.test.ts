import t from 'tap';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { updateUserTier } from '@castwright/core/repositories/users';
import { createStorage } from '@castwright/core/storage/create-storage';
import { episodeAudioKey, episodeSegmentKey } from '@castwright/core/storage/object-storage';
import { creator, json, randomClientIp, registerUser, startTestApi } from '#test-helpers/test-api';

const api = await startTestApi(t);

t.test('profile: read, update, and bounds on every field', async (t) => {
  const user = await registerUser(api);
  const profile = await json(await api.request('/api/user/profile', { token: user.accessToken }));
  t.match(profile.user, { id: user.userId, email: user.email, name: 'Test User', bio: null, avatarUrl: null, tier: 'free', emailVerified: false, subscription: { status: null, periodEnd: null }, createdAt: String });

  const update = await api.request('/api/user/profile', { method: 'PUT', token: user.accessToken, json: { name: '  Grace  ', bio: 'Writes compilers.', avatarUrl: 'https://img.example.com/g.png' } });
  t.equal(update.status, 200);
  t.match((await json(update)).user, { name: 'Grace', bio: 'Writes compilers.', avatarUrl: 'https://img.example.com/g.png' });

  for (const [name, body] of [
    ['name over 100', { name: 'x'.repeat(101) }],
    ['bio over 500', { bio: 'x'.repeat(501) }],
    ['plain http avatar', { avatarUrl: 'http://img.example.com/g.png' }],
    ['not a url', { avatarUrl: 'https://' }],
    ['unknown field', { tier: 'enterprise' }],
  ] as const) {
    const response = await api.request('/api/user/profile', { method: 'PUT', token: user.accessToken, json: body });
    t.equal(response.status, 400, name);
  }
  const unchanged = await json(await api.request('/api/user/profile', { token: user.accessToken }));
  t.match(unchanged.user, { name: 'Grace', tier: 'free' }, 'rejected updates change nothing');
});

t.test('quota: used, remaining and percentage; unlimited shown as null', async (t) => {
  const user = await registerUser(api);
  await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content: 'One short text.', preset: 'quick' } });
  const quota = await json(await api.request('/api/user/quota', { token: user.accessToken }));
  t.same(quota, { success: true, quota: { tier: 'free', episodesLimit: 3, episodesUsed: 1, episodesRemaining: 2, quotaPercentage: 33.3 } });
  await updateUserTier(api.database.db, user.email, 'enterprise');
  const unlimited = await json(await api.request('/api/user/quota', { token: user.accessToken }));
  t.same(unlimited.quota, { tier: 'enterprise', episodesLimit: null, episodesUsed: 1, episodesRemaining: null, quotaPercentage: 0 });
});

t.test('usage: one record per month, newest first, months bounded 1..24', async (t) => {
  const user = await creator(api);
  const lastYear = new Date();
  lastYear.setUTCMonth(lastYear.getUTCMonth() - 2, 1);
  const twoMonthsAgo = `${lastYear.getUTCFullYear()}-${String(lastYear.getUTCMonth() + 1).padStart(2, '0')}-01`;
  await api.database.db.insertInto('usage_monthly').values({ user_id: user.userId, month: twoMonthsAgo, episodes_created: 4, total_audio_duration: 900, total_characters: 12000, cost_total: 1.5 }).execute();
  await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content: 'Text.', preset: 'quick' } });

  const usage = await json(await api.request('/api/user/usage', { token: user.accessToken }));
  t.equal(usage.usage.length, 12);
  t.match(usage.usage[0], { episodesCreated: 1 });
  t.same(usage.usage[2], { month: twoMonthsAgo, episodesCreated: 4, totalAudioDuration: 900, totalCharacters: 12000, costTotal: 1.5 });
  const months = usage.usage.map((record: { month: string }) => record.month);
  t.same([...months].sort().reverse(), months, 'newest first');
  t.same(usage.thisMonth, { episodes_created: 1, total_audio_duration: 0 });
  t.equal((await json(await api.request('/api/user/usage?months=24', { token: user.accessToken }))).usage.length, 24);
  t.equal((await api.request('/api/user/usage?months=25', { token: user.accessToken })).status, 400);
  t.equal((await api.request('/api/user/usage?months=0', { token: user.accessToken })).status, 400);

  const stats = await json(await api.request('/api/user/stats', { token: user.accessToken }));
  t.same(stats.stats, { totalEpisodes: 1, completedEpisodes: 0, totalCost: 1.5, currentMonth: { episodesUsed: 1, episodesLimit: 25, quotaPercentage: 4 } });
});

t.test('export: a JSON attachment with profile, episodes, usage and summary', async (t) => {
  const user = await creator(api);
  await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content: 'Exported text. It has two sentences.', preset: 'quick' } });
  const response = await api.request('/api/user/export', { token: user.accessToken });
  t.equal(response.status, 200);
  t.match(response.headers.get('content-disposition'), /^attachment; filename="castwright-export-\d{4}-\d{2}-\d{2}\.json"$/);
  const body = await json(response);
  t.match(body, { success: true, exportDate: String, user: { id: user.userId, email: user.email, tier: 'creator', createdAt: String }, summary: { totalEpisodes: 1, accountAge: 0 } });
  t.equal(body.episodes.length, 1);
  t.match(body.episodes[0], { status: 'queued', preset: 'quick' });
  t.equal(body.usage.length, 1);
  t.notMatch(JSON.stringify(body), /password|argon2/i, 'no credentials in the export');
});

t.test('change password: checks the current one and the rules, ends other sessions only', async (t) => {
  const user = await registerUser(api, undefined, 'First1password');
  const clientIp = randomClientIp();
  const other = await json(await api.request('/api/auth/login', { method: 'POST', json: { email: user.email, password: 'First1password' }, clientIp }));

  const wrong = await api.request('/api/user/change-password', { method: 'POST', token: user.accessToken, json: { currentPassword: 'Nope1nope', newPassword: 'Second2password' } });
  t.equal(wrong.status, 401);
  t.match(await json(wrong), { error: 'Invalid credentials' });
  const weak = await api.request('/api/user/change-password', { method: 'POST', token: user.accessToken, json: { currentPassword: 'First1password', newPassword: 'short' } });
  t.equal(weak.status, 400);
  t.match(await json(weak), { error: 'Weak password', errors: Array });

  const changed = await api.request('/api/user/change-password', { method: 'POST', token: user.accessToken, json: { currentPassword: 'First1password', newPassword: 'Second2password' } });
  t.equal(changed.status, 200);
  t.equal((await api.request('/api/auth/refresh', { method: 'POST', json: { refreshToken: other.tokens.refreshToken } })).status, 401, 'the other login is ended');
  t.equal((await api.request('/api/auth/refresh', { method: 'POST', json: { refreshToken: user.refreshToken } })).status, 200, 'this login continues');
  t.equal((await api.request('/api/auth/login', { method: 'POST', json: { email: user.email, password: 'Second2password' }, clientIp })).status, 200);
});

t.test('account deletion: needs password and DELETE; removes everything; tokens stop at once', async (t) => {
  const user = await creator(api);
  const created = await json(await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content: 'Doomed text.', preset: 'quick' } }));
  const episodeId = created.episode.id as string;
  const dir = await mkdtemp(path.join(tmpdir(), 'castwright-delete-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await writeFile(path.join(dir, 'a.mp3'), 'audio');
  const storage = createStorage(api.config);
  await storage.putFile(episodeAudioKey(episodeId, 1), path.join(dir, 'a.mp3'), 'audio/mpeg');
  // A voiced line kept for re-renders (the episode's segment store) goes with the account too.
  const segment = episodeSegmentKey(episodeId, 'a'.repeat(64));
  await storage.putFile(segment, path.join(dir, 'a.mp3'), 'audio/wav');
  await api.database.db.updateTable('episodes').set({ audio_key: episodeAudioKey(episodeId, 1), status: 'ready' }).where('id', '=', episodeId).execute();
  const key = await json(await api.request('/api/user/api-key', { method: 'POST', token: user.accessToken }));

  const noConfirm = await api.request('/api/user/account', { method: 'DELETE', token: user.accessToken, json: { password: 'Sup3rSecret', confirm: 'delete' } });
  t.equal(noConfirm.status, 400);
  const wrongPassword = await api.request('/api/user/account', { method: 'DELETE', token: user.accessToken, json: { password: 'Wrong1pass', confirm: 'DELETE' } });
  t.equal(wrongPassword.status, 401);
  t.ok(await storage.stat(episodeAudioKey(episodeId, 1)), 'nothing deleted yet');

  const deleted = await api.request('/api/user/account', { method: 'DELETE', token: user.accessToken, json: { password: 'Sup3rSecret', confirm: 'DELETE' } });
  t.equal(deleted.status, 200);
  t.equal((await api.request('/api/user/profile', { token: user.accessToken })).status, 401, 'the access token stops working at once');
  t.equal((await api.request('/api/user/profile', { token: key.apiKey })).status, 401, 'so does the API key');
  t.equal((await api.request('/api/auth/refresh', { method: 'POST', json: { refreshToken: user.refreshToken } })).status, 401);
  t.equal(await storage.stat(episodeAudioKey(episodeId, 1)), null, 'stored audio removed');
  t.equal(await storage.stat(segment), null, 'voiced lines removed');
  for (const table of ['users', 'episodes', 'refresh_tokens', 'api_keys', 'usage_monthly', 'account_tokens'] as const) {
    const column = table === 'users' ? 'id' : 'user_id';
    const rows = await api.database.db.selectFrom(table).select(column).where(column, '=', user.userId).execute();
    t.equal(rows.length, 0, `${table} emptied`);
  }
  const login = await api.request('/api/auth/login', { method: 'POST', json: { email: user.email, password: 'Sup3rSecret' }, clientIp: randomClientIp() });
  t.equal(login.status, 401);
});
