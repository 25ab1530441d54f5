// The briefing endpoints through the real HTTPS api and database: creating with
// defaults, every field validated (400s naming the allowed values), schedules computed
// on create and recomputed on PATCH, sources (feeds and e-mail inboxes), manual runs,
// run history, the creator-tier gate and another user's briefing as a 404 everywhere.
import t from 'tap';
import { sql } from 'kysely';
import { creator, json, registerUser, startTestApi } from '#test-helpers/test-api';

const api = await startTestApi(t);
const db = api.database.db;

type Json = Record<string, unknown>;

async function createBriefing(token: string, body: Json = { name: 'Morning tech' }): Promise<Json & { id: string }> {
  const response = await api.request('/api/briefings', { method: 'POST', token, json: body });
  if (response.status !== 201) throw new Error(`create briefing: ${response.status} ${await response.text()}`);
  return (await json(response)).briefing;
}

async function addSource(token: string, briefingId: string, body: Json) {
  return api.request(`/api/briefings/${briefingId}/sources`, { method: 'POST', token, json: body });
}

async function rowCounts() {
  const { rows } = await sql<{ configs: number; sources: number; runs: number; jobs: number }>`
    SELECT (SELECT count(*)::int FROM briefing_configs) AS configs, (SELECT count(*)::int FROM briefing_sources) AS sources,
           (SELECT count(*)::int FROM briefing_runs) AS runs,
           (SELECT count(*)::int FROM graphile_worker.jobs WHERE task_identifier = 'briefing:run') AS jobs`.execute(db);
  return rows[0];
}

t.test('create with only a name: the documented defaults and a first next_run_at', async (t) => {
  const user = await creator(api, 'enterprise');
  const before = Date.now();
  const response = await api.request('/api/briefings', { method: 'POST', token: user.accessToken, json: { name: '  Morning tech ' } });
  t.equal(response.status, 201);
  const body = await json(response);
  t.match(body, {
    success: true,
    message: String,
    briefing: {
      id: /^br_/,
      name: 'Morning tech',
      description: '',
      template_type: 'general',
      preset: 'standard',
      host_mode: 'single',
      schedule_frequency: 'daily',
      schedule_days: [],
      schedule_time: '07:00:00',
      schedule_timezone: 'UTC',
      max_sources_per_briefing: 5,
      content_freshness_hours: 24,
      priority_keywords: [],
      is_active: true,
      last_run_at: null,
      source_count: 0,
      completed_runs: 0,
      failed_runs: 0,
    },
  });
  const next = new Date(body.briefing.next_run_at as string);
  t.equal(next.toISOString().slice(11), '07:00:00.000Z', 'next run at 07:00 UTC');
  t.ok(next.getTime() > before && next.getTime() <= before + 24 * 3_600_000, 'within the next day');
});

t.test('every field set on create, normalised; weekly and custom day patterns', async (t) => {
  const user = await creator(api, 'enterprise');
  const weekly = await createBriefing(user.accessToken, {
    name: 'Markets',
    description: 'Before the open',
    template_type: 'market_update',
    preset: 'extended',
    host_mode: 'multi',
    schedule_frequency: 'weekly',
    schedule_days: ['THU', 'mon', 'mon'],
    schedule_time: '7:05',
    schedule_timezone: 'america/new_york',
    max_sources_per_briefing: 8,
    content_freshness_hours: 48,
    priority_keywords: [' Fed ', 'fed', 'earnings'],
    is_active: true,
  });
  t.match(weekly, {
    schedule_days: ['mon', 'thu'],
    schedule_time: '07:05:00',
    schedule_timezone: 'America/New_York',
    priority_keywords: ['Fed', 'earnings'],
    template_type: 'market_update',
    preset: 'extended',
    host_mode: 'multi',
  });
  const nextWeekly = new Date(weekly.next_run_at as string);
  const localDay = new Intl.DateTimeFormat('en-US', { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'America/New_York' }).format(nextWeekly);
  t.match(localDay, /^(Mon|Thu) 07:05$/, 'next run on a Monday or Thursday at 07:05 New York time');

  const custom = await createBriefing(user.accessToken, { name: 'Month end', schedule_frequency: 'custom', schedule_days: [31, 1, 15], schedule_timezone: 'Asia/Tokyo' });
  t.same(custom.schedule_days, [1, 15, 31]);
  const tokyoDay = Number(new Intl.DateTimeFormat('en-US', { day: 'numeric', timeZone: 'Asia/Tokyo' }).format(new Date(custom.next_run_at as string)));
  t.ok([1, 15, 28, 29, 30, 31].includes(tokyoDay), `day ${tokyoDay} is 1, 15 or the month's last`);

  const inactive = await createBriefing(user.accessToken, { name: 'Paused', is_active: false });
  t.equal(inactive.next_run_at, null, 'an inactive briefing has no next run');
});

t.test('invalid fields: 400 naming the allowed values, nothing stored', async (t) => {
  const user = await creator(api, 'enterprise');
  const before = await rowCounts();
  const cases: [Json, RegExp][] = [
    [{}, /body\.name is required/],
    [{ name: '   ' }, /name must not be blank/],
    [{ name: 'x', template_type: 'sports' }, /template_type must be one of: tech_news, market_update, research_digest, general/],
    [{ name: 'x', preset: 'huge' }, /preset must be one of: quick, standard, deep, extended/],
    [{ name: 'x', host_mode: 'trio' }, /host_mode must be one of: single, multi/],
    [{ name: 'x', schedule_frequency: 'hourly' }, /schedule_frequency must be one of: daily, weekdays, weekly, custom/],
    [{ name: 'x', schedule_frequency: 'weekly' }, /schedule_days is required for weekly: one or more of mon, tue, wed, thu, fri, sat, sun/],
    [{ name: 'x', schedule_frequency: 'weekly', schedule_days: ['monday'] }, /day names: mon, tue, wed, thu, fri, sat, sun/],
    [{ name: 'x', schedule_frequency: 'custom', schedule_days: [0, 32] }, /integers 1 to 31/],
    [{ name: 'x', schedule_frequency: 'daily', schedule_days: ['mon'] }, /only used with weekly and custom/],
    [{ name: 'x', schedule_time: '25:00' }, /schedule_time must be a 24-hour local time HH:MM:SS/],
    [{ name: 'x', schedule_timezone: 'Mars/Olympus_Mons' }, /IANA time zone/],
    [{ name: 'x', schedule_timezone: '+01:00' }, /IANA time zone/],
    [{ name: 'x', max_sources_per_briefing: 0 }, /max_sources_per_briefing must be >= 1/],
    [{ name: 'x', content_freshness_hours: 1000 }, /content_freshness_hours must be <= 168/],
    [{ name: 'x', colour: 'blue' }, /body\.colour is not a field of this operation/],
  ];
  for (const [body, message] of cases) {
    const response = await api.request('/api/briefings', { method: 'POST', token: user.accessToken, json: body });
    t.equal(response.status, 400, JSON.stringify(body));
    const error = await json(response);
    t.match(error, { success: false, error: 'Validation failed', message, errors: Array }, JSON.stringify(body));
  }
  t.same(await rowCounts(), before, 'nothing was stored');
});

t.test('the free tier is refused on every endpoint with the upgrade hint', async (t) => {
  const free = await registerUser(api);
  const owner = await creator(api, 'enterprise');
  const briefing = await createBriefing(owner.accessToken);
  const before = await rowCounts();
  const calls: [string, string, Json?][] = [
    ['GET', '/api/briefings'],
    ['POST', '/api/briefings', { name: 'Mine' }],
    ['GET', `/api/briefings/${briefing.id}`],
    ['PATCH', `/api/briefings/${briefing.id}`, { name: 'New' }],
    ['DELETE', `/api/briefings/${briefing.id}`],
    ['POST', `/api/briefings/${briefing.id}/run`],
    ['GET', `/api/briefings/${briefing.id}/runs`],
    ['POST', `/api/briefings/${briefing.id}/sources`, { source_type: 'email', source_name: 'x' }],
    ['DELETE', `/api/briefings/${briefing.id}/sources/src_x`],
  ];
  for (const [method, path, body] of calls) {
    const response = await api.request(path, { method, token: free.accessToken, ...(body && { json: body }) });
    t.equal(response.status, 403, `${method} ${path}`);
    t.match(await json(response), { success: false, error: 'Upgrade required', message: /creator tier/, upgrade: { message: String, url: String } });
  }
  const unauthenticated = await api.request('/api/briefings');
  t.equal(unauthenticated.status, 401);
  t.same(await rowCounts(), before, 'nothing changed');
  const still = await api.request(`/api/briefings/${briefing.id}`, { token: owner.accessToken });
  t.equal(still.status, 200, "the owner's briefing is untouched");
});

t.test('a creator may not pick a preset above the tier', async (t) => {
  const user = await creator(api, 'creator');
  const response = await api.request('/api/briefings', { method: 'POST', token: user.accessToken, json: { name: 'Long', preset: 'extended' } });
  t.equal(response.status, 403);
  t.match(await json(response), { error: 'Preset not allowed', allowedPresets: ['quick', 'standard', 'deep'], upgrade: { url: String } });
});

t.test("another user's briefing is a 404 on every endpoint and is left unchanged", async (t) => {
  const owner = await creator(api, 'enterprise');
  const other = await creator(api, 'enterprise');
  const briefing = await createBriefing(owner.accessToken);
  const source = await json(await addSource(owner.accessToken, briefing.id, { source_type: 'email', source_name: 'Inbox' }));
  const calls: [string, string, Json?][] = [
    ['GET', `/api/briefings/${briefing.id}`],
    ['PATCH', `/api/briefings/${briefing.id}`, { name: 'Mine now' }],
    ['DELETE', `/api/briefings/${briefing.id}`],
    ['POST', `/api/briefings/${briefing.id}/run`],
    ['GET', `/api/briefings/${briefing.id}/runs`],
    ['POST', `/api/briefings/${briefing.id}/sources`, { source_type: 'email', source_name: 'Sneaky' }],
    ['DELETE', `/api/briefings/${briefing.id}/sources/${source.source.id}`],
  ];
  const before = await rowCounts();
  for (const [method, path, body] of calls) {
    const response = await api.request(path, { method, token: other.accessToken, ...(body && { json: body }) });
    t.equal(response.status, 404, `${method} ${path}`);
    t.match(await json(response), { success: false, error: 'Not found', message: 'Briefing not found' });
  }
  t.same(await rowCounts(), before, 'nothing changed');
  const list = await json(await api.request('/api/briefings', { token: other.accessToken }));
  t.equal(list.count, 0, "it is not in the other user's list");
  const mine = await json(await api.request(`/api/briefings/${briefing.id}`, { token: owner.accessToken }));
  t.equal(mine.briefing.name, 'Morning tech');
  t.equal(mine.briefing.sources.length, 1);
});

t.test('list: newest first, paginated, the active filter and the run counts', async (t) => {
  const user = await creator(api, 'enterprise');
  const first = await createBriefing(user.accessToken, { name: 'One' });
  const second = await createBriefing(user.accessToken, { name: 'Two', is_active: false });
  const third = await createBriefing(user.accessToken, { name: 'Three' });
  await addSource(user.accessToken, first.id, { source_type: 'email', source_name: 'Inbox' });
  await sql`INSERT INTO briefing_runs (id, job_id, briefing_id, run_type, status, started_at, completed_at)
            VALUES ('run_a', 'job_a', ${first.id}, 'scheduled', 'completed', now() - interval '2 hours', now()),
                   ('run_b', 'job_b', ${first.id}, 'manual', 'failed', now() - interval '1 hour', now()),
                   ('run_c', 'job_c', ${first.id}, 'manual', 'completed', now() - interval '3 hours', now())`.execute(db);

  const all = await json(await api.request('/api/briefings', { token: user.accessToken }));
  t.equal(all.count, 3);
  t.same(all.briefings.map((briefing: Json) => briefing.name), ['Three', 'Two', 'One']);
  t.same(all.pagination, { total: 3, limit: 50, offset: 0 });
  const one = all.briefings[2];
  t.match(one, { source_count: 1, completed_runs: 2, failed_runs: 1, last_run_at: String, next_run_at: String });

  const active = await json(await api.request('/api/briefings?active=true', { token: user.accessToken }));
  t.same(active.briefings.map((briefing: Json) => briefing.id), [third.id, first.id]);
  t.equal(active.pagination.total, 2);
  const inactive = await json(await api.request('/api/briefings?active=false', { token: user.accessToken }));
  t.same(inactive.briefings.map((briefing: Json) => briefing.id), [second.id]);
  const page = await json(await api.request('/api/briefings?limit=1&offset=1', { token: user.accessToken }));
  t.same(page.briefings.map((briefing: Json) => briefing.id), [second.id]);
  t.same(page.pagination, { total: 3, limit: 1, offset: 1 });
  const bad = await api.request('/api/briefings?active=maybe', { token: user.accessToken });
  t.equal(bad.status, 400);
});

t.test('PATCH: any subset; schedule changes recompute next_run_at; deactivating clears it', async (t) => {
  const user = await creator(api, 'enterprise');
  const briefing = await createBriefing(user.accessToken, { name: 'Daily', schedule_time: '07:00:00', schedule_timezone: 'Europe/Berlin' });
  const patch = (body: Json) => api.request(`/api/briefings/${briefing.id}`, { method: 'PATCH', token: user.accessToken, json: body });

  const renamed = await json(await patch({ name: 'Renamed', priority_keywords: ['AI'] }));
  t.match(renamed.briefing, { name: 'Renamed', priority_keywords: ['AI'], schedule_time: '07:00:00' });
  t.equal(renamed.briefing.next_run_at, briefing.next_run_at, 'a change outside the schedule keeps next_run_at');

  const moved = await json(await patch({ schedule_time: '18:30:00' }));
  const berlin = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Berlin' }).format(new Date(moved.briefing.next_run_at));
  t.equal(berlin, '18:30', 'next run recomputed at 18:30 Berlin time');

  const paused = await json(await patch({ is_active: false }));
  t.equal(paused.briefing.next_run_at, null);
  const resumed = await json(await patch({ is_active: true }));
  t.type(resumed.briefing.next_run_at, 'string');

  const weeklyWithoutDays = await patch({ schedule_frequency: 'weekly' });
  t.equal(weeklyWithoutDays.status, 400, 'a new frequency needs days that fit it');
  t.match(await json(weeklyWithoutDays), { message: /schedule_days is required for weekly/ });
  const weekly = await json(await patch({ schedule_frequency: 'weekly', schedule_days: ['sat'] }));
  t.same(weekly.briefing.schedule_days, ['sat']);
  t.equal(new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'Europe/Berlin' }).format(new Date(weekly.briefing.next_run_at)), 'Sat');
  const daily = await json(await patch({ schedule_frequency: 'daily' }));
  t.same(daily.briefing.schedule_days, [], 'days are dropped with a frequency that does not use them');

  const empty = await patch({});
  t.equal(empty.status, 400);
  const badZone = await patch({ schedule_timezone: 'Nowhere/Land' });
  t.equal(badZone.status, 400);
  const stored = await json(await api.request(`/api/briefings/${briefing.id}`, { token: user.accessToken }));
  t.equal(stored.briefing.schedule_timezone, 'Europe/Berlin', 'a refused PATCH changes nothing');
});

t.test('sources: rss needs a feed address, email is issued an unguessable inbound address', async (t) => {
  const user = await creator(api, 'enterprise');
  const briefing = await createBriefing(user.accessToken);

  const feed = await addSource(user.accessToken, briefing.id, { source_type: 'rss', source_name: 'Example feed', source_url: 'https://news.example.com/feed.xml', fetch_limit: 20 });
  t.equal(feed.status, 201);
  t.match((await json(feed)).source, { id: /^src_/, source_type: 'rss', source_name: 'Example feed', source_url: 'https://news.example.com/feed.xml', fetch_limit: 20, is_active: true, webhook_id: null });

  const email = await json(await addSource(user.accessToken, briefing.id, { source_type: 'email', source_name: 'Newsletters' }));
  const webhookId = email.source.webhook_id as string;
  t.ok(Buffer.from(webhookId, 'base64url').length >= 16, 'the webhook id carries at least 128 random bits');
  t.equal(email.source.source_url, `${api.config.publicBaseUrl ?? `https://localhost:${api.config.port}`}/api/briefing-webhooks/email/${webhookId}`);
  const second = await json(await addSource(user.accessToken, briefing.id, { source_type: 'email', source_name: 'Other' }));
  t.not(second.source.webhook_id, webhookId);
  const stored = await db.selectFrom('briefing_sources').select(['inbound_token_hash']).where('id', '=', email.source.id).executeTakeFirstOrThrow();
  t.not(stored.inbound_token_hash, webhookId, 'looked up by its hash');

  const detail = await json(await api.request(`/api/briefings/${briefing.id}`, { token: user.accessToken }));
  t.same(detail.briefing.sources.map((source: Json) => source.source_name), ['Example feed', 'Newsletters', 'Other']);
  t.equal(detail.briefing.source_count, 3);
  t.match(detail.briefing.sources[1], { source_url: /\/api\/briefing-webhooks\/email\//, last_fetched_at: null });

  const before = await rowCounts();
  const refused: [Json, RegExp][] = [
    [{ source_type: 'atom', source_name: 'x', source_url: 'https://e.com/f' }, /source_type must be one of: rss, email/],
    [{ source_type: 'rss', source_name: 'x' }, /source_url is required for rss sources/],
    [{ source_type: 'rss', source_name: 'x', source_url: 'ftp://e.com/feed' }, /source_url/],
    [{ source_type: 'rss', source_name: 'x', source_url: 'http://127.0.0.1/feed' }, /source_url/],
    [{ source_type: 'email', source_name: 'x', source_url: 'https://e.com' }, /issued for email sources; leave it out/],
    [{ source_type: 'email', source_name: ' ' }, /source_name must not be blank/],
    [{ source_type: 'rss', source_name: 'x', source_url: 'https://e.com/f', fetch_limit: 51 }, /fetch_limit must be <= 50/],
  ];
  for (const [body, message] of refused) {
    const response = await addSource(user.accessToken, briefing.id, body);
    t.equal(response.status, 400, JSON.stringify(body));
    t.match(await json(response), { error: 'Validation failed', message }, JSON.stringify(body));
  }
  t.same(await rowCounts(), before, 'refused sources store nothing');

  const removed = await api.request(`/api/briefings/${briefing.id}/sources/${email.source.id}`, { method: 'DELETE', token: user.accessToken });
  t.equal(removed.status, 200);
  const again = await api.request(`/api/briefings/${briefing.id}/sources/${email.source.id}`, { method: 'DELETE', token: user.accessToken });
  t.equal(again.status, 404);
  const gone = await api.request(`/api/briefing-webhooks/email/${webhookId}`, { method: 'POST', json: { TextBody: 'Hello there, this is a newsletter.', Subject: 'Hi' } });
  t.equal(gone.status, 404, "a removed source's inbound address stops working");
});

t.test('run now: 202 with the job id, one run at a time, listed in the run history', async (t) => {
  const user = await creator(api, 'enterprise');
  const briefing = await createBriefing(user.accessToken, { name: 'Paused', is_active: false });
  const started = await api.request(`/api/briefings/${briefing.id}/run`, { method: 'POST', token: user.accessToken });
  t.equal(started.status, 202, 'an inactive briefing runs on demand');
  const body = await json(started);
  t.match(body, { success: true, message: String, jobId: /^job_[A-Za-z0-9_-]{22}$/, run: { id: /^run_/, job_id: body.jobId, briefing_config_id: briefing.id, run_type: 'manual', status: 'queued', episode_id: null } });
  const jobs = await sql<{ key: string; task: string }>`
    SELECT jobs.key, tasks.identifier AS task FROM graphile_worker._private_jobs AS jobs
    JOIN graphile_worker._private_tasks AS tasks ON tasks.id = jobs.task_id WHERE jobs.payload->>'runId' = ${body.run.id}`.execute(db);
  t.same(jobs.rows, [{ key: body.jobId, task: 'briefing:run' }], 'its job is queued with it, under the job id');

  const twice = await api.request(`/api/briefings/${briefing.id}/run`, { method: 'POST', token: user.accessToken });
  t.equal(twice.status, 409, 'a second run while one is queued is refused');
  t.match(await json(twice), { error: 'Conflict', message: /already queued or running/ });

  const runs = await json(await api.request(`/api/briefings/${briefing.id}/runs`, { token: user.accessToken }));
  t.equal(runs.count, 1);
  t.same(runs.pagination, { total: 1, limit: 20, offset: 0 });
  t.notOk('jobId' in runs.runs[0], 'a run names its job in snake_case, like every briefing field');
  t.match(runs.runs[0], {
    id: body.run.id,
    job_id: body.jobId,
    briefing_config_id: briefing.id,
    run_type: 'manual',
    status: 'queued',
    sources_fetched: 0,
    items_included: 0,
    total_words: 0,
    started_at: null,
    completed_at: null,
    episode_title: null,
    error: null,
    source_errors: [],
  });
  const badPage = await api.request(`/api/briefings/${briefing.id}/runs?limit=0`, { token: user.accessToken });
  t.equal(badPage.status, 400);

  // The job id finds its run; another job id finds none; something else is not a job id.
  const found = await json(await api.request(`/api/briefings/${briefing.id}/runs?job_id=${body.jobId}`, { token: user.accessToken }));
  t.match(found, { count: 1, runs: [{ id: body.run.id, job_id: body.jobId }], pagination: { total: 1 } });
  const none = await json(await api.request(`/api/briefings/${briefing.id}/runs?job_id=job_unknown`, { token: user.accessToken }));
  t.match(none, { count: 0, runs: [], pagination: { total: 0 } });
  t.equal((await api.request(`/api/briefings/${briefing.id}/runs?job_id=${body.run.id}`, { token: user.accessToken })).status, 400, 'a run id is not a job id');
});

t.test('delete removes the briefing with its sources and runs', async (t) => {
  const user = await creator(api, 'enterprise');
  const briefing = await createBriefing(user.accessToken);
  await addSource(user.accessToken, briefing.id, { source_type: 'email', source_name: 'Inbox' });
  await api.request(`/api/briefings/${briefing.id}/run`, { method: 'POST', token: user.accessToken });
  const deleted = await api.request(`/api/briefings/${briefing.id}`, { method: 'DELETE', token: user.accessToken });
  t.equal(deleted.status, 200);
  t.match(await json(deleted), { success: true, message: String });
  const left = await sql<{ n: number }>`
    SELECT (SELECT count(*) FROM briefing_sources WHERE briefing_id = ${briefing.id}) + (SELECT count(*) FROM briefing_runs WHERE briefing_id = ${briefing.id}) AS n`.execute(db);
  t.equal(Number(left.rows[0]?.n), 0);
  t.equal((await api.request(`/api/briefings/${briefing.id}`, { token: user.accessToken })).status, 404);
  t.equal((await api.request(`/api/briefings/${briefing.id}`, { method: 'DELETE', token: user.accessToken })).status, 404);
});

t.test('the OpenAPI document describes every briefing endpoint', async (t) => {
  const document = (await json(await api.request('/api/openapi.json'))) as { paths: Record<string, Record<string, { summary?: string; description?: string; tags?: string[]; responses?: Record<string, unknown> }>> };
  const routes: [string, string, string][] = [
    ['/api/briefings', 'get', '200'],
    ['/api/briefings', 'post', '201'],
    ['/api/briefings/{id}', 'get', '200'],
    ['/api/briefings/{id}', 'patch', '200'],
    ['/api/briefings/{id}', 'delete', '200'],
    ['/api/briefings/{id}/run', 'post', '202'],
    ['/api/briefings/{id}/runs', 'get', '200'],
    ['/api/briefings/{id}/sources', 'post', '201'],
    ['/api/briefings/{id}/sources/{sourceId}', 'delete', '200'],
    ['/api/briefing-webhooks/email/{webhookId}', 'post', '200'],
  ];
  for (const [path, method, success] of routes) {
    const operation = document.paths[path]?.[method];
    t.ok(operation?.summary && operation.description && operation.tags?.includes('briefings'), `${method.toUpperCase()} ${path} has a summary, description and tag`);
    const statuses = Object.keys(operation?.responses ?? {});
    t.ok(statuses.includes(success) && statuses.includes('429') && statuses.includes(path === '/api/briefings' ? '400' : '404'), `${method.toUpperCase()} ${path} lists its answers`);
  }
  t.match(document.paths['/api/briefings']?.post?.description, /Schedules: `daily` every day/);
});

t.test('the inbound address is rate-limited per address, whatever the client', async (t) => {
  const user = await creator(api, 'enterprise');
  const briefing = await createBriefing(user.accessToken);
  const source = await json(await addSource(user.accessToken, briefing.id, { source_type: 'email', source_name: 'Busy inbox' }));
  const post = (index: number) =>
    api.request(`/api/briefing-webhooks/email/${source.source.webhook_id}`, {
      method: 'POST',
      json: { Subject: `Letter ${index}`, TextBody: `Issue number ${index} of a newsletter that arrives far too often.`, Headers: [{ Name: 'Message-ID', Value: `<n${index}@x.example>` }] },
      clientIp: `127.0.9.${1 + (index % 200)}`,
    });
  const statuses: number[] = [];
  for (let index = 0; index < 61; index += 1) statuses.push((await post(index)).status);
  t.same(statuses.slice(0, 60), Array(60).fill(200));
  t.equal(statuses[60], 429, 'the 61st message within the hour is refused');
  const items = await db.selectFrom('briefing_items').select('id').where('briefing_id', '=', briefing.id).execute();
  t.equal(items.length, 60, 'the refused message was not stored');
});
