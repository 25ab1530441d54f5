// The webhook endpoints as a client sees them: registration rules (https only, public
// addresses only, documented events, 10 an account), the secret shown once and never
// again, owner scoping (404 for anyone else), and hostile input refused without changes.
import t from 'tap';
import { sql } from 'kysely';
import { creator, json, startTestApi } from '#test-helpers/test-api';

// The outbound guard is ON here (OUTBOUND_ALLOW_PRIVATE unset): registration refuses
// addresses inside a network. Delivery tests live in packages/worker/test.
const api = await startTestApi(t);
const db = api.database.db;
type Json = Record<string, unknown>;

const HOOK = 'https://hooks.example.com/castwright';

async function create(token: string, body: Json = { url: HOOK, events: ['episode.completed'] }) {
  return api.request('/api/webhooks', { method: 'POST', token, json: body });
}

async function createdId(token: string, body?: Json): Promise<{ id: string; secret: string }> {
  const response = await create(token, body);
  if (response.status !== 201) throw new Error(`create webhook: ${response.status} ${await response.text()}`);
  const { webhook } = await json(response);
  return { id: webhook.id, secret: webhook.secret };
}

const webhookRows = async () => (await db.selectFrom('webhooks').select(['id', 'url', 'events', 'description', 'is_active']).orderBy('id').execute());

t.test('create shows the secret once; list, get, PATCH and the export never do', async (t) => {
  const user = await creator(api, 'enterprise');
  const response = await create(user.accessToken, { url: HOOK, events: ['episode.failed', 'episode.completed', 'episode.failed'], description: ' CI notifications ' });
  t.equal(response.status, 201);
  const body = await json(response);
  t.match(body, {
    success: true,
    message: /shown only once/,
    webhook: {
      id: /^wh_[A-Za-z0-9_-]{22}$/,
      url: HOOK,
      events: ['episode.completed', 'episode.failed'],
      description: 'CI notifications',
      is_active: true,
      status: 'active',
      failingSince: null,
      deliveryStats: { total: 0, successful: 0, failed: 0 },
      createdAt: String,
    },
  });
  const updates = await create((await creator(api, 'enterprise')).accessToken, { url: HOOK, events: ['episode.updated'] });
  t.equal(updates.status, 201, 'episode.updated (a re-render published) is an event a webhook can take');
  t.same((await json(updates)).webhook.events, ['episode.updated']);
  const { id, secret } = body.webhook as { id: string; secret: string };
  t.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/, 'a whsec_ secret of 256 random bits');

  const list = await json(await api.request('/api/webhooks', { token: user.accessToken }));
  t.equal(list.webhooks.length, 1);
  t.same(Object.keys(list.webhooks[0]).sort(), ['consecutiveFailedEvents', 'createdAt', 'deactivatedAt', 'deliveryStats', 'description', 'events', 'failingSince', 'id', 'is_active', 'status', 'url']);
  const single = await json(await api.request(`/api/webhooks/${id}`, { token: user.accessToken }));
  t.same(single.webhook, list.webhooks[0], 'GET /:id is the list item');
  const patched = await json(await api.request(`/api/webhooks/${id}`, { method: 'PATCH', token: user.accessToken, json: { description: 'renamed' } }));
  t.equal(patched.webhook.description, 'renamed');
  const exported = await (await api.request('/api/user/export', { token: user.accessToken })).text();
  t.match(JSON.parse(exported).webhooks, [{ id, url: HOOK }], 'the export lists the webhook');
  for (const [where, text] of [['list', JSON.stringify(list)], ['get', JSON.stringify(single)], ['patch', JSON.stringify(patched)], ['export', exported]]) {
    t.notOk(text?.includes(secret), `the secret is not in the ${where} answer`);
    t.notOk(text?.includes('"secret"'), `no secret field in the ${where} answer`);
  }
});

t.test('only https addresses to the public internet, only documented events: 400 and nothing stored', async (t) => {
  const user = await creator(api, 'enterprise');
  const before = await webhookRows();
  const refused: [Json, RegExp][] = [
    [{ url: 'http://hooks.example.com/x' }, /https/],
    [{ url: 'ftp://hooks.example.com/x' }, /https/],
    [{ url: 'not a url' }, /absolute https/],
    [{ url: 'https://user:pass@hooks.example.com/x' }, /user name or password/],
    [{ url: 'https://127.0.0.1/hook' }, /private network/],
    [{ url: 'https://localhost:8443/hook' }, /private network/],
    [{ url: 'https://10.1.2.3/hook' }, /private network/],
    [{ url: 'https://192.168.0.10/hook' }, /private network/],
    [{ url: 'https://169.254.169.254/latest/meta-data' }, /private network/],
    [{ url: 'https://[::1]/hook' }, /private network/],
    [{ url: 'https://[::ffff:127.0.0.1]/hook' }, /private network/],
    [{ url: 'https://0x7f.1/hook' }, /private network/],
    [{ url: HOOK, events: ['episode.deleted'] }, /"episode.deleted".*allowed: episode.completed, episode.updated, episode.failed/],
    [{ url: HOOK, events: ['webhook.test'] }, /allowed: episode.completed, episode.updated, episode.failed/],
    [{ url: HOOK, events: [] }, /events/],
    [{ url: HOOK, description: 'x'.repeat(501) }, /description/],
    [{ url: HOOK, secret: 'whsec_mine' }, /body\.secret is not a field of this operation/],
    [{ events: ['episode.completed'] }, /url/],
  ];
  for (const [body, message] of refused) {
    const response = await create(user.accessToken, body);
    const answer = await json(response);
    t.equal(response.status, 400, JSON.stringify(body));
    t.match(answer, { success: false, error: 'Validation failed', message, errors: Array }, JSON.stringify(body));
  }
  t.same(await webhookRows(), before, 'nothing was stored');

  const { id } = await createdId(user.accessToken);
  const stored = await webhookRows();
  for (const body of [{ url: 'http://hooks.example.com/x' }, { url: 'https://127.0.0.1/x' }, { events: ['nope'] }, { events: [] }, {}, { is_active: 'yes' }, { secret: 'whsec_x' }]) {
    const response = await api.request(`/api/webhooks/${id}`, { method: 'PATCH', token: user.accessToken, json: body });
    t.equal(response.status, 400, `PATCH ${JSON.stringify(body)}`);
  }
  t.same(await webhookRows(), stored, 'refused edits change nothing');
});

t.test('PATCH changes url, events and is_active; DELETE removes it', async (t) => {
  const user = await creator(api, 'enterprise');
  const { id } = await createdId(user.accessToken);
  const patched = await api.request(`/api/webhooks/${id}`, { method: 'PATCH', token: user.accessToken, json: { url: 'https://other.example.org/in', events: ['episode.failed'], is_active: false } });
  t.equal(patched.status, 200);
  t.match((await json(patched)).webhook, { id, url: 'https://other.example.org/in', events: ['episode.failed'], is_active: false, status: 'inactive' });
  t.match((await json(await api.request(`/api/webhooks/${id}`, { method: 'PATCH', token: user.accessToken, json: { is_active: true } }))).webhook, { is_active: true, status: 'active' });

  const deleted = await api.request(`/api/webhooks/${id}`, { method: 'DELETE', token: user.accessToken });
  t.same(await json(deleted), { success: true, message: 'Webhook deleted' });
  t.equal((await api.request(`/api/webhooks/${id}`, { token: user.accessToken })).status, 404);
  t.equal((await api.request(`/api/webhooks/${id}`, { method: 'DELETE', token: user.accessToken })).status, 404);
});

t.test("another user's webhook is a 404 everywhere and is left alone", async (t) => {
  const owner = await creator(api, 'enterprise');
  const other = await creator(api, 'enterprise');
  const { id } = await createdId(owner.accessToken);
  const before = await webhookRows();
  const attempts: [string, string, Json | undefined][] = [
    ['GET', `/api/webhooks/${id}`, undefined],
    ['PATCH', `/api/webhooks/${id}`, { is_active: false }],
    ['DELETE', `/api/webhooks/${id}`, undefined],
    ['POST', `/api/webhooks/${id}/test`, undefined],
    ['GET', `/api/webhooks/${id}/deliveries`, undefined],
  ];
  for (const [method, path, body] of attempts) {
    const response = await api.request(path, { method, token: other.accessToken, ...(body && { json: body }) });
    t.equal(response.status, 404, `${method} ${path}`);
    t.match(await json(response), { success: false, error: 'Not found', message: 'Webhook not found' });
  }
  t.same((await json(await api.request('/api/webhooks', { token: other.accessToken }))).webhooks, []);
  t.same(await webhookRows(), before);
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'webhook:deliver'`.execute(db);
  t.equal(rows[0]?.n, 0, 'no test delivery was queued for the intruder');
  t.equal((await api.request(`/api/webhooks/${id}`)).status, 401, 'no credentials: 401');
});

t.test('ten webhooks an account: the eleventh is 409, in parallel too', async (t) => {
  const user = await creator(api, 'enterprise');
  const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => create(user.accessToken, { url: `${HOOK}/${n}` })));
  t.same(answers.map((answer) => answer.status).sort(), [...Array(10).fill(201), 409, 409]);
  const refused = answers.find((answer) => answer.status === 409);
  t.match(await json(refused as Response), { success: false, error: 'Limit reached', message: /at most 10 webhooks/ });
  t.equal((await json(await api.request('/api/webhooks', { token: user.accessToken }))).webhooks.length, 10);
  const another = await creator(api, 'enterprise');
  t.equal((await create(another.accessToken)).status, 201, 'the bound is per account');
});

t.test('deliveries: paginated, empty at first, with limit bounds', async (t) => {
  const user = await creator(api, 'enterprise');
  const { id } = await createdId(user.accessToken);
  t.same(await json(await api.request(`/api/webhooks/${id}/deliveries`, { token: user.accessToken })), { success: true, deliveries: [], pagination: { total: 0, limit: 20, offset: 0 } });
  for (const query of ['limit=0', 'limit=101', 'offset=-1', 'limit=abc']) {
    t.equal((await api.request(`/api/webhooks/${id}/deliveries?${query}`, { token: user.accessToken })).status, 400, query);
  }
});

t.test('deleting the account deletes its webhooks', async (t) => {
  const user = await creator(api, 'enterprise');
  const { id } = await createdId(user.accessToken);
  const response = await api.request('/api/user/account', { method: 'DELETE', token: user.accessToken, json: { password: user.password, confirm: 'DELETE' } });
  t.equal(response.status, 200);
  t.equal((await db.selectFrom('webhooks').select('id').where('id', '=', id).execute()).length, 0);
});

t.test('the OpenAPI document describes every webhook route', async (t) => {
  const document = (await json(await api.request('/api/openapi.json'))) as { paths: Record<string, Record<string, { summary?: string; tags?: string[]; responses?: Record<string, unknown> }>> };
  const routes: [string, string][] = [
    ['/api/webhooks', 'post'],
    ['/api/webhooks', 'get'],
    ['/api/webhooks/{id}', 'get'],
    ['/api/webhooks/{id}', 'patch'],
    ['/api/webhooks/{id}', 'delete'],
    ['/api/webhooks/{id}/test', 'post'],
    ['/api/webhooks/{id}/deliveries', 'get'],
  ];
  for (const [path, method] of routes) {
    const operation = document.paths[path]?.[method];
    t.ok(operation?.summary && operation.tags?.includes('webhooks'), `${method.toUpperCase()} ${path} has a summary and tags`);
    t.ok((operation?.responses?.['200'] ?? operation?.responses?.['201']) && Object.keys(operation.responses).some((status) => status.startsWith('4')), `${method.toUpperCase()} ${path} lists its answers`);
  }
});
