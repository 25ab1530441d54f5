// Two rules every operation keeps, walked over the whole OpenAPI document rather than
// route by route: a request without valid credentials to a route that needs them is a
// 401 before anything else about it is looked at (a bad body or query included), and a
// body field an operation does not know is a 400 naming it, never dropped.
import t from 'tap';
import { startFakeStripe } from '#test-helpers/fake-stripe';
import { creator, json, startTestApi } from '#test-helpers/test-api';

// With billing configured: without it, billing routes are a 503 for everyone, signed in or not.
const api = await startTestApi(t, (await startFakeStripe(t)).env);
const document = await json(await api.request('/api/openapi.json'));
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface Operation {
  method: (typeof METHODS)[number];
  path: string;
  security: Record<string, string[]>[];
  hasBody: boolean;
}

const operations: Operation[] = Object.entries(document.paths as Record<string, Record<string, { security?: Record<string, string[]>[]; requestBody?: unknown }>>).flatMap(([path, item]) =>
  METHODS.flatMap((method) => {
    const operation = item[method];
    return operation ? [{ method, path, security: operation.security ?? [], hasBody: operation.requestBody !== undefined }] : [];
  }),
);
const needsCredentials = operations.filter((operation) => operation.security.length > 0 && operation.security.every((requirement) => 'bearer' in requirement));
const optional = operations.filter((operation) => operation.security.some((requirement) => 'bearer' in requirement) && !needsCredentials.includes(operation));

/** The path with every parameter filled, and a query every operation refuses (a limit below 1, an empty search). */
function badRequestUrl(path: string): string {
  return `${path.replace(/\{[^}]+\}/g, 'ep_doesNotExist0')}?limit=-1&offset=-5&q=&months=999&format=sermon`;
}

t.test('every route that needs credentials answers 401 to an anonymous request, whatever its body or query', async (t) => {
  t.ok(needsCredentials.length > 60, `${needsCredentials.length} operations need credentials`);
  for (const operation of needsCredentials) {
    for (const token of [undefined, 'not-a-token', 'svc_revoked0000000000000000000000']) {
      const response = await api.request(badRequestUrl(operation.path), {
        method: operation.method.toUpperCase(),
        ...(token ? { token } : {}),
        // A body that no operation takes: a field it does not know, of the wrong type.
        ...(operation.hasBody ? { json: { durationMinute: 'many', password: 1 } } : {}),
      });
      const body = await response.text();
      t.equal(response.status, 401, `${operation.method.toUpperCase()} ${operation.path}${token ? ` with ${token.slice(0, 4)}…` : ''}: ${body.slice(0, 120)}`);
    }
  }
});

t.test('an anonymous read of a private episode is a 401 before its query is looked at; a public one validates', async (t) => {
  t.ok(optional.length >= 5, `${optional.length} operations take credentials optionally`);
  const owner = await creator(api);
  const created = await api.request('/api/episodes', { method: 'POST', token: owner.accessToken, json: { content: 'Bees dance to share where flowers are. The angle points the way.', preset: 'quick' } });
  const { id } = (await json(created)).episode as { id: string };
  for (const operation of optional) {
    const url = `${operation.path.replace('{id}', id)}?q=&format=sermon`;
    const response = await api.request(url, { method: operation.method.toUpperCase() });
    t.equal(response.status, 401, `${operation.method.toUpperCase()} ${operation.path} of a private episode`);
  }
  const search = `/api/episodes/${id}/transcript/search?q=`;
  t.equal((await api.request(search, { token: owner.accessToken })).status, 400, "the owner's bad query is a 400");
  await api.request(`/api/episodes/${id}`, { method: 'PATCH', token: owner.accessToken, json: { isPublic: true } });
  const anonymous = await api.request(search);
  t.equal(anonymous.status, 400, "an anonymous bad query on a public episode is the owner's 400");
  t.match(await json(anonymous), { message: /querystring\.q/ });
});

t.test('a body field an operation does not know is a 400 that names it, and nothing is made', async (t) => {
  const user = await creator(api);
  const count = async () => Number((await api.database.db.selectFrom('episodes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const before = await count();
  const content = 'Rivers carve valleys over millions of years. Each flood moves a little more rock downstream.';
  const refusals: [Record<string, unknown>, RegExp][] = [
    [{ content, durationMinute: 3 }, /body\.durationMinute is not a field of this operation/],
    [{ content, formats: 'debate' }, /body\.formats is not a field of this operation/],
    // `format` is a field of this operation (deep_dive, brief, debate, critique, interview): an unknown one is refused by its enum.
    [{ content, format: 'sermon' }, /body\.format.*(deep_dive|allowed)/],
    // `sources` is a field of this operation (many sources): beside `content` it is refused as two sources.
    [{ content, sources: [{ url: 'https://example.com/' }] }, /exactly one of content, url or sources/],
    [{ content, hosts: [{ name: 'Ada', voice: 'offline:slt', roles: 'host' }] }, /body\.hosts\.0\.roles is not a field of this operation/],
  ];
  for (const [body, message] of refusals) {
    const response = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: body });
    t.equal(response.status, 400, JSON.stringify(body).slice(0, 60));
    t.match(await json(response), { success: false, error: 'Validation failed', message }, JSON.stringify(body).slice(0, 60));
  }
  t.equal(await count(), before, 'no episode made by a refused request');
  const profile = await api.request('/api/user/profile', { method: 'PUT', token: user.accessToken, json: { name: 'Ada', nickname: 'A' } });
  t.equal(profile.status, 400);
  t.match(await json(profile), { message: /body\.nickname is not a field of this operation/ });
  const accepted = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { content, preset: 'quick' } });
  t.equal(accepted.status, 202, 'the known fields still make an episode');

  // The rule is in the document: every object of every JSON body is closed.
  const open: string[] = [];
  const walk = (schema: unknown, where: string) => {
    if (typeof schema !== 'object' || schema === null) return;
    const node = schema as Record<string, unknown>;
    if (node.properties && node.additionalProperties !== false) open.push(where);
    for (const [key, value] of Object.entries(node)) walk(value, `${where}/${key}`);
  };
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: unknown }> } }>>)) {
    for (const [method, operation] of Object.entries(item)) walk(operation.requestBody?.content?.['application/json']?.schema, `${method} ${path}`);
  }
  t.same(open, [], 'every JSON body object in the OpenAPI document has additionalProperties: false');
});
