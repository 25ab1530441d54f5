// The API's description: the served OpenAPI document passes Redocly's recommended lint
// rules with no errors, every operation is complete, the docs page works offline, and
// CORS answers browsers only as configured.
import t from 'tap';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { json, startTestApi } from '#test-helpers/test-api';

const api = await startTestApi(t);
const document = await json(await api.request('/api/openapi.json'));
type Operation = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const operations: [string, Operation][] = Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as [string, Operation]),
);

t.test('Redocly lint (recommended rules) finds no errors', async (t) => {
  const problems = await lintFromString({
    source: JSON.stringify(document),
    absoluteRef: 'openapi.json',
    config: await createConfig({ extends: ['recommended'] }),
  });
  const errors = problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
  t.same(errors, []);
  const warnings = problems.filter((problem) => problem.severity === 'warn').map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}`);
  // Health and pricing are public reads that cannot fail on input: they answer no 4xx.
  t.same(warnings.sort(), [
    'operation-4xx-response at #/paths/~1api~1billing~1pricing/get/responses',
    'operation-4xx-response at #/paths/~1api~1health/get/responses',
  ]);
});

t.test('every operation has an id, a description, its security, examples and its failure statuses', async (t) => {
  t.ok(operations.length > 50, `${operations.length} operations`);
  const ids = operations.map(([, operation]) => operation.operationId);
  t.equal(new Set(ids).size, ids.length, 'operationIds are unique');
  for (const [name, operation] of operations) {
    t.match(operation.operationId, /^[a-z]+[A-Za-z0-9]+$/, `${name}: operationId`);
    t.ok(operation.description?.length > 20, `${name}: description`);
    t.ok(Array.isArray(operation.security), `${name}: security declared ([] when public)`);
    t.ok(operation.responses['503'], `${name}: 503 listed`);
    const authenticated = operation.security.some((requirement: object) => 'bearer' in requirement);
    if (authenticated) t.ok(operation.responses['429'], `${name}: 429 listed (per-account limit)`);
    for (const [type, media] of Object.entries((operation.requestBody?.content ?? {}) as Record<string, Operation>)) {
      t.not(media.example, undefined, `${name}: ${type} request example`);
    }
    for (const [status, response] of Object.entries(operation.responses as Record<string, Operation>)) {
      const media = response.content?.['application/json'];
      if (media) t.not(media.example, undefined, `${name}: ${status} example`);
    }
  }
  const byName = Object.fromEntries(operations);
  t.same(byName['GET /api/health']?.security, [], 'public routes say so');
  t.same(byName['GET /feeds/{token}/feed.xml']?.security, []);
  t.same(byName['GET /api/episodes']?.security, [{ bearer: [] }]);
  t.ok(byName['POST /api/auth/login']?.responses['429'], 'login lists its own limit');
  const upload = byName['POST /api/episodes/upload']?.requestBody?.content?.['multipart/form-data'];
  t.match(upload?.schema, { required: ['file'], properties: { file: { contentMediaType: 'application/octet-stream' }, preset: { enum: ['quick', 'standard', 'deep', 'extended'] } } }, 'the upload form is described');
});

t.test('shared schemas are named, and the document says its license and server', async (t) => {
  t.same(Object.keys(document.components.schemas).filter((name) => /^def-\d+$/.test(name)), []);
  t.ok(document.components.schemas.ErrorBody, 'the error body is a named component');
  t.match(document.info.license, { name: 'Proprietary' });
  t.same(document.servers, [{ url: '/', description: 'The server this document came from' }]);
});

t.test('/docs serves the reference page and its assets from the installed package', async (t) => {
  const page = await api.request('/docs/');
  t.equal(page.status, 200);
  t.match(page.headers.get('content-type'), /text\/html/);
  const html = await page.text();
  t.notMatch(html, /https?:\/\/(?!127\.0\.0\.1)[^"']*\.(js|css)/, 'no script or style from another host');
  for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css']) {
    t.match(html, asset);
    const response = await api.request(`/docs/static/${asset}`);
    t.equal(response.status, 200, asset);
    t.ok((await response.arrayBuffer()).byteLength > 10_000, `${asset} is the real file`);
  }
  const served = await json(await api.request('/docs/json'));
  t.equal(served.info.title, 'Castwright API', 'the page reads the same document');
  t.equal(Object.keys(document.paths).filter((path) => path.startsWith('/docs')).length, 0, 'the docs routes are not API operations');
});

function preflight(target: Awaited<ReturnType<typeof startTestApi>>, origin: string) {
  return target.request('/api/episodes', {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
  });
}

t.test('CORS is off by default: no allow-origin for anyone', async (t) => {
  const response = await preflight(api, 'https://app.example.com');
  t.equal(response.headers.get('access-control-allow-origin'), null);
  const plain = await api.request('/api/health', { headers: { origin: 'https://app.example.com' } });
  t.equal(plain.headers.get('access-control-allow-origin'), null);
});

t.test('CORS_ORIGINS lists the origins that get answers; credentials are never allowed', async (t) => {
  const listed = await startTestApi(t, { CORS_ORIGINS: 'https://app.example.com, https://studio.example.org' });
  const allowed = await preflight(listed, 'https://studio.example.org');
  t.equal(allowed.status, 204);
  t.equal(allowed.headers.get('access-control-allow-origin'), 'https://studio.example.org');
  t.match(allowed.headers.get('access-control-allow-methods'), /POST/);
  t.match(allowed.headers.get('access-control-allow-headers'), /Authorization/i);
  t.equal(allowed.headers.get('access-control-allow-credentials'), null);
  t.match(allowed.headers.get('vary'), /Origin/);
  const refused = await preflight(listed, 'https://evil.example.net');
  t.equal(refused.headers.get('access-control-allow-origin'), null, 'an unlisted origin gets no allow-origin');
  const simple = await listed.request('/api/health', { headers: { origin: 'https://app.example.com' } });
  t.equal(simple.headers.get('access-control-allow-origin'), 'https://app.example.com');
  t.match(simple.headers.get('access-control-expose-headers'), /RateLimit-Remaining/);

  const any = await startTestApi(t, { CORS_ORIGINS: '*' });
  const wildcard = await preflight(any, 'https://anywhere.example.com');
  t.equal(wildcard.headers.get('access-control-allow-origin'), '*');
  t.equal(wildcard.headers.get('access-control-allow-credentials'), null, 'no credentials with *');
});
