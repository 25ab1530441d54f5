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

t.test('Idempotency-Key, with its 409, 422 and Idempotent-Replayed, on exactly the POSTs that create or start work', async (t) => {
  const keyed = operations.filter(([, operation]) => operation.parameters?.some((parameter: Operation) => parameter.in === 'header' && parameter.name === 'idempotency-key'));
  t.same(keyed.map(([name]) => name).sort(), [
    'POST /api/billing/create-checkout',
    'POST /api/briefings',
    'POST /api/briefings/{id}/run',
    'POST /api/briefings/{id}/sources',
    'POST /api/documents',
    'POST /api/episodes',
    'POST /api/episodes/upload',
    'POST /api/episodes/{id}/clips',
    'POST /api/episodes/{id}/render',
    'POST /api/episodes/{id}/revisions/{revision}/restore',
    'POST /api/playlists',
    'POST /api/playlists/{id}/episodes',
    'POST /api/playlists/{id}/feed',
    'POST /api/pronunciations',
    'POST /api/shows',
    'POST /api/shows/{id}/artwork',
    'POST /api/shows/{id}/audio/{part}',
    'POST /api/shows/{id}/feed',
    'POST /api/user/api-key',
    'POST /api/voices',
    'POST /api/webhooks',
    'POST /api/webhooks/{id}/test',
  ]);
  for (const [name, operation] of keyed) {
    const header = operation.parameters.find((parameter: Operation) => parameter.name === 'idempotency-key');
    t.match(header, { in: 'header', required: false, schema: { type: 'string', pattern: '^[!-~]{1,255}$' }, description: /24 hours/ }, `${name}: the header`);
    t.match(operation.responses['409']?.description, /Idempotency key in use/, `${name}: 409`);
    t.match(operation.responses['422'], { description: /different request/, content: { 'application/json': { example: { error: 'Idempotency key reused' } } } }, `${name}: 422`);
    const success = Object.entries(operation.responses as Record<string, Operation>).filter(([status]) => status.startsWith('2'));
    t.ok(success.length > 0 && success.every(([, response]) => response.headers?.['Idempotent-Replayed']?.schema?.enum?.[0] === 'true'), `${name}: Idempotent-Replayed`);
  }
  const login = Object.fromEntries(operations)['POST /api/auth/login'];
  t.notOk(login?.responses['422'], 'an operation without the header has no 422 from it');
});

t.test('single reads carry ETag; their changes take If-Match and list 412', async (t) => {
  const byName = Object.fromEntries(operations);
  for (const [read, changes] of [
    ['GET /api/playlists/{id}', ['PUT /api/playlists/{id}', 'DELETE /api/playlists/{id}', 'PUT /api/playlists/{id}/reorder', 'DELETE /api/playlists/{id}/episodes/{episodeId}']],
    ['GET /api/briefings/{id}', ['PATCH /api/briefings/{id}', 'DELETE /api/briefings/{id}', 'DELETE /api/briefings/{id}/sources/{sourceId}']],
    ['GET /api/webhooks/{id}', ['PATCH /api/webhooks/{id}', 'DELETE /api/webhooks/{id}']],
    ['GET /api/user/profile', ['PUT /api/user/profile']],
  ] as const) {
    t.ok(byName[read]?.responses['200']?.headers?.ETag, `${read}: ETag`);
    for (const change of changes) {
      t.ok(byName[change]?.parameters?.some((parameter: Operation) => parameter.in === 'header' && parameter.name === 'if-match' && !parameter.required), `${change}: optional If-Match`);
      t.match(byName[change]?.responses['412'], { content: { 'application/json': { example: { error: 'Precondition failed' } } } }, `${change}: 412`);
    }
  }
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
