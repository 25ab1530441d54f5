// The studio's session endpoints: the refresh token only ever in an httpOnly cookie on
// /api/auth/browser, rotated on refresh (a reused one ends the login), revoked on logout,
// and every call refused unless it comes from a page of this origin. The token endpoints
// other clients use are unchanged.
import t from 'tap';
import { json, randomClientIp, startTestApi } from '#test-helpers/test-api';

const api = await startTestApi(t);
const origin = api.baseUrl;
const password = 'Br0wserSession';

/** The cookie's value from a Set-Cookie answer, and the attributes it was set with. */
function refreshCookie(response: Response): { value: string; attributes: string } | undefined {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith('__Secure-castwright-refresh='));
  if (!header) return undefined;
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  return { value: pair.slice(pair.indexOf('=') + 1), attributes: attributes.join('; ') };
}

const post = (path: string, init: { cookie?: string; origin?: string | null; body?: unknown; clientIp?: string } = {}) => {
  const headers: Record<string, string> = {};
  if (init.origin !== null) headers.origin = init.origin ?? origin;
  if (init.cookie) headers.cookie = `__Secure-castwright-refresh=${init.cookie}`;
  return api.request(path, { method: 'POST', headers, clientIp: init.clientIp ?? randomClientIp(), ...(init.body === undefined ? {} : { json: init.body }) });
};

t.test('register sets the cookie and answers only the access token; refresh rotates it; a reused token ends the login', async (t) => {
  const registered = await post('/api/auth/browser/register', { body: { email: 'browser@example.com', password, name: 'Browser' } });
  t.equal(registered.status, 201);
  const body = await json(registered);
  t.match(body, { success: true, user: { email: 'browser@example.com', emailVerified: false }, accessToken: String, expiresIn: 900 });
  t.notOk('refreshToken' in body, 'no refresh token in the body');
  t.notOk('tokens' in body);
  const first = refreshCookie(registered);
  t.ok(first, 'a refresh cookie is set');
  t.match(first?.attributes, /Path=\/api\/auth\/browser/);
  t.match(first?.attributes, /HttpOnly/);
  t.match(first?.attributes, /Secure/);
  t.match(first?.attributes, /SameSite=Strict/);
  t.match(first?.attributes, /Max-Age=604800/);

  const profile = await api.request('/api/user/profile', { token: body.accessToken });
  t.equal(profile.status, 200, 'the access token works like any other');

  const refreshed = await post('/api/auth/browser/refresh', { cookie: first?.value });
  t.equal(refreshed.status, 200);
  t.match(await json(refreshed), { success: true, user: { email: 'browser@example.com' }, accessToken: String, expiresIn: 900 });
  const second = refreshCookie(refreshed);
  t.ok(second && second.value !== first?.value, 'the cookie holds a new token');

  const reused = await post('/api/auth/browser/refresh', { cookie: first?.value });
  t.equal(reused.status, 401, 'the first token works once');
  t.match(await json(reused), { success: false, error: 'Invalid refresh token' });
  t.match(refreshCookie(reused), { value: '' }, 'and the cookie is cleared');
  t.equal((await post('/api/auth/browser/refresh', { cookie: second?.value })).status, 401, 'its reuse revoked the rotated token too');
});

t.test('logout revokes the login and clears the cookie, with no access token needed', async (t) => {
  const login = await post('/api/auth/browser/login', { body: { email: 'browser@example.com', password } });
  t.equal(login.status, 200);
  const cookie = refreshCookie(login);
  const out = await post('/api/auth/browser/logout', { cookie: cookie?.value });
  t.equal(out.status, 200);
  t.match(refreshCookie(out), { value: '' });
  t.equal((await post('/api/auth/browser/refresh', { cookie: cookie?.value })).status, 401, 'the token is revoked');
  t.equal((await post('/api/auth/browser/logout')).status, 200, 'without a cookie, too');
});

t.test('only pages of this origin may call them', async (t) => {
  const login = await post('/api/auth/browser/login', { body: { email: 'browser@example.com', password } });
  const cookie = refreshCookie(login)?.value;
  for (const [label, value] of [['no Origin header', null], ['another site', 'https://evil.example'], ['another port', 'https://127.0.0.1:1']] as const) {
    const refused = await post('/api/auth/browser/refresh', { cookie, origin: value });
    t.equal(refused.status, 403, `refresh from ${label}`);
    t.match(await json(refused), { success: false, error: 'Forbidden' });
    t.equal((await post('/api/auth/browser/login', { origin: value, body: { email: 'browser@example.com', password } })).status, 403, `login from ${label}`);
  }
  const crossSite = await api.request('/api/auth/browser/refresh', { method: 'POST', headers: { origin, 'sec-fetch-site': 'cross-site', cookie: `__Secure-castwright-refresh=${cookie}` } });
  t.equal(crossSite.status, 403, 'a browser saying the request is cross-site');
  t.equal((await post('/api/auth/browser/refresh', { cookie })).status, 200, 'the cookie still works from this origin: refusals did not spend it');
  t.equal((await post('/api/auth/browser/refresh')).status, 401, 'no cookie: 401');
});

t.test('the token endpoints other clients use are unchanged', async (t) => {
  const login = await api.request('/api/auth/login', { method: 'POST', json: { email: 'browser@example.com', password }, clientIp: randomClientIp() });
  t.equal(login.status, 200);
  t.match(await json(login), { tokens: { accessToken: String, refreshToken: String, expiresIn: 900 } });
  t.equal(refreshCookie(login), undefined, 'no cookie');
});
