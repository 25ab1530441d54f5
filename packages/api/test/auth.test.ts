import t from 'tap';
import { SignJWT, UnsecuredJWT } from 'jose';
import { loadOrCreateSecret } from '@castwright/core/secrets';
import { json, registerUser, startTestApi } from '#test-helpers/test-api';

const api = await startTestApi(t);

t.test('register creates a free, unverified account with a token pair', async (t) => {
  const response = await api.request('/api/auth/register', { method: 'POST', json: { email: 'New.User@Example.com', password: 'Abcdefg1', name: 'New' } });
  t.equal(response.status, 201);
  const body = await json(response);
  t.equal(body.success, true);
  t.match(body.user, { email: 'new.user@example.com', name: 'New', tier: 'free', emailVerified: false });
  t.match(body.user.id, /^[0-9a-f-]{36}$/);
  t.equal(body.tokens.expiresIn, 900);
  t.type(body.tokens.accessToken, 'string');
  t.type(body.tokens.refreshToken, 'string');
});

t.test('register rejects weak passwords listing every unmet rule', async (t) => {
  const response = await api.request('/api/auth/register', { method: 'POST', json: { email: 'weak@example.com', password: 'short' } });
  t.equal(response.status, 400);
  const body = await json(response);
  t.match(body, { success: false, error: 'Weak password' });
  t.equal(body.errors.length, 3, 'length, uppercase and number are missing');
  t.ok(body.errors.some((rule: string) => /8 characters/.test(rule)));
});

t.test('register refuses a taken e-mail with 409, case-insensitively', async (t) => {
  await registerUser(api, 'taken@example.com');
  const response = await api.request('/api/auth/register', { method: 'POST', json: { email: 'TAKEN@example.com', password: 'Abcdefg1' } });
  t.equal(response.status, 409);
  t.match(await json(response), { success: false, error: 'Email already registered' });
});

t.test('register validates the e-mail and required fields', async (t) => {
  const bad = await api.request('/api/auth/register', { method: 'POST', json: { email: 'not-an-email', password: 'Abcdefg1' } });
  t.equal(bad.status, 400);
  t.match(await json(bad), { success: false, error: 'Validation failed' });
  const missing = await api.request('/api/auth/register', { method: 'POST', json: { email: 'x@example.com' } });
  t.equal(missing.status, 400);
  t.match((await json(missing)).message, /password is required/);
  const notJson = await api.request('/api/auth/register', { method: 'POST', body: '{"email":', headers: { 'content-type': 'application/json' } });
  t.equal(notJson.status, 400);
  t.equal((await json(notJson)).success, false);
});

t.test('login: right password works; wrong password and unknown e-mail give the same 401', async (t) => {
  const user = await registerUser(api, 'login@example.com', 'Corr3ctHorse');
  const ok = await api.request('/api/auth/login', { method: 'POST', json: { email: 'LOGIN@example.com', password: 'Corr3ctHorse' } });
  t.equal(ok.status, 200);
  t.match(await json(ok), { success: true, user: { id: user.userId, tier: 'free' }, tokens: { expiresIn: 900 } });

  const wrong = await api.request('/api/auth/login', { method: 'POST', json: { email: 'login@example.com', password: 'Wr0ngHorse' } });
  const unknown = await api.request('/api/auth/login', { method: 'POST', json: { email: 'nobody@example.com', password: 'Wr0ngHorse' } });
  t.equal(wrong.status, 401);
  t.equal(unknown.status, 401);
  t.same(await json(wrong), await json(unknown), 'identical bodies do not reveal which accounts exist');
});

t.test('refresh rotates; reusing a used refresh token revokes the whole family', async (t) => {
  const user = await registerUser(api);
  const first = await api.request('/api/auth/refresh', { method: 'POST', json: { refreshToken: user.refreshToken } });
  t.equal(first.status, 200);
  const rotated = (await json(first)).tokens;
  t.not(rotated.refreshToken, user.refreshToken);

  const replay = await api.request('/api/auth/refresh', { method: 'POST', json: { refreshToken: user.refreshToken } });
  t.equal(replay.status, 401);
  t.match(await json(replay), { success: false, error: 'Invalid refresh token' });

  const successor = await api.request('/api/auth/refresh', { method: 'POST', json: { refreshToken: rotated.refreshToken } });
  t.equal(successor.status, 401, 'the token issued before the replay is revoked too');
});

t.test('concurrent refreshes with one token leave no live family', async (t) => {
  const user = await registerUser(api);
  const results = await Promise.all(
    Array.from({ length: 5 }, () => api.request('/api/auth/refresh', { method: 'POST', json: { refreshToken: user.refreshToken } })),
  );
  const winners = results.filter((response) => response.status === 200);
  t.equal(winners.length, 1, 'exactly one refresh succeeds');
  const winner = await json(winners[0] as Response);
  const next = await api.request('/api/auth/refresh', { method: 'POST', json: { refreshToken: winner.tokens.refreshToken } });
  t.equal(next.status, 401, 'the concurrent reuse revoked the winner too');
  const live = await api.database.db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('user_id', '=', user.userId)
    .where('revoked_at', 'is', null)
    .where('used_at', 'is', null)
    .execute();
  t.equal(live.length, 0);
});

t.test('logout revokes the refresh token', async (t) => {
  const user = await registerUser(api);
  const noAuth = await api.request('/api/auth/logout', { method: 'POST', json: { refreshToken: user.refreshToken } });
  t.equal(noAuth.status, 401);
  const out = await api.request('/api/auth/logout', { method: 'POST', token: user.accessToken, json: { refreshToken: user.refreshToken } });
  t.equal(out.status, 200);
  t.match(await json(out), { success: true, message: String });
  const refresh = await api.request('/api/auth/refresh', { method: 'POST', json: { refreshToken: user.refreshToken } });
  t.equal(refresh.status, 401);
});

t.test('forged and malformed access tokens are refused with 401', async (t) => {
  const user = await registerUser(api);
  const secret = new TextEncoder().encode(await loadOrCreateSecret(api.config.dataDir, 'jwt-secret'));
  const now = Math.floor(Date.now() / 1000);
  const sign = (header: Record<string, string>, claims: Record<string, unknown>) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256', ...header }).sign(secret);
  const [, payload, signature] = user.accessToken.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const tampered = Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-0000-0000-000000000000' })).toString('base64url');

  const cases: Record<string, string> = {
    'alg none': new UnsecuredJWT({ sub: user.userId, iss: 'castwright', iat: now, exp: now + 600 }).encode(),
    'wrong algorithm (HS512)': await new SignJWT({}).setProtectedHeader({ alg: 'HS512', typ: 'at+jwt' }).setSubject(user.userId).setIssuer('castwright').setIssuedAt().setExpirationTime('10m').sign(secret),
    'missing exp': await sign({ typ: 'at+jwt' }, { sub: user.userId, iss: 'castwright', iat: now }),
    expired: await sign({ typ: 'at+jwt' }, { sub: user.userId, iss: 'castwright', iat: now - 3600, exp: now - 1800 }),
    'wrong typ': await sign({ typ: 'JWT' }, { sub: user.userId, iss: 'castwright', iat: now, exp: now + 600 }),
    'tampered payload': `${user.accessToken.split('.')[0]}.${tampered}.${signature}`,
    'signed with another key': await new SignJWT({}).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).setSubject(user.userId).setIssuer('castwright').setIssuedAt().setExpirationTime('10m').sign(new TextEncoder().encode('x'.repeat(48))),
    'refresh token as access token': user.refreshToken,
    garbage: 'not.a.jwt',
  };
  for (const [name, token] of Object.entries(cases)) {
    const response = await api.request('/api/episodes', { token });
    t.equal(response.status, 401, name);
    t.equal((await json(response)).success, false, `${name}: error body`);
  }
  const good = await api.request('/api/episodes', { token: user.accessToken });
  t.equal(good.status, 200, 'the genuine token still works');
  const noScheme = await api.request('/api/episodes', { headers: { authorization: user.accessToken } });
  t.equal(noScheme.status, 401);
});

t.test('only hashes are stored: no password or refresh token in plaintext', async (t) => {
  const user = await registerUser(api, 'hashes@example.com', 'Plainl3ssPass');
  const row = await api.database.db.selectFrom('users').selectAll().where('id', '=', user.userId).executeTakeFirstOrThrow();
  t.match(row.password_hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  t.notMatch(row.password_hash, /Plainl3ssPass/);
  const tokens = await api.database.db.selectFrom('refresh_tokens').select('token_hash').where('user_id', '=', user.userId).execute();
  t.ok(tokens.length > 0);
  for (const token of tokens) {
    t.not(token.token_hash, user.refreshToken);
    t.match(token.token_hash, /^[0-9a-f]{64}$/);
  }
});
