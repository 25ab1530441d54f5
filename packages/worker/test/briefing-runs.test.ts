// Briefing runs end to end through the real api, graphile-worker, database and episode
// pipeline: an RSS 2.0 feed, an Atom feed and a newsletter posted as raw MIME become one
// episode; items are not used twice; feeds are fetched conditionally; hostile feeds
// (malformed, huge, an entity bomb, a private address with the guard on) fail the run
// with a clear reason and change nothing else; the quota failure; a run executed twice
// makes one episode.
import t from 'tap';
import { sql } from 'kysely';
import { addJob } from '@castwright/core/jobs';
import { articlePage, BEE_PARAGRAPHS, startLoopbackSite, type Route } from '#test-helpers/loopback-site';
import { creator, json, startTestApi, type TestApi } from '#test-helpers/test-api';
import { waitForEpisode } from '#test-helpers/wait-for-episode';
import { until } from '#test-helpers/until';

const HOUR = 3_600_000;
const now = Date.now();
const CORAL_PARAGRAPHS = [
  'Coral reefs in the western Pacific recovered faster than expected after the last marine heatwave, divers reported this week.',
  'Surveys across forty sites found young colonies settling on rubble that was bare two years ago.',
  'The researchers credit cooler currents and fewer storms, and warn that the next heatwave could undo the gains within a season.',
];

const rss = (origin: string) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Tech Daily</title><link>${origin}/</link><description>News</description>
<item><title>Bees decode the waggle dance</title><link>${origin}/articles/bees?utm_source=feed</link><guid isPermaLink="false">bees-1</guid>
<pubDate>${new Date(now - 2 * HOUR).toUTCString()}</pubDate><description>&lt;p&gt;A short teaser about bees.&lt;/p&gt;</description></item>
<item><title>An old story</title><link>${origin}/articles/old</link><guid>old-1</guid>
<pubDate>${new Date(now - 5 * 24 * HOUR).toUTCString()}</pubDate><description>Days old and outside the freshness window.</description></item>
</channel></rss>`;

const atom = (origin: string) => `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Science Notes</title><id>urn:science-notes</id><updated>${new Date(now - HOUR).toISOString()}</updated>
<entry><title>Coral reefs recover after the heatwave</title><id>urn:coral</id><link href="${origin}/articles/coral"/>
<updated>${new Date(now - HOUR).toISOString()}</updated><summary>Reefs bounce back.</summary></entry>
</feed>`;

const BOMB = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<rss version="2.0"><channel><title>Lol</title><item><title>&lol3;</title><description>&lol3;</description></item></channel></rss>`;

const MIME = `From: The Weekly Letter <news@letter.example>
To: inbox@castwright.example
Subject: Fwd: The Weekly Letter: volcano edition
Message-ID: <volcano-42@letter.example>
Date: ${new Date(now - 3 * HOUR).toUTCString()}
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="outer"

--outer
Content-Type: text/html; charset=utf-8

<html><body><div style="display:none">Preheader you should not hear</div>
<p>View this email in your browser</p>
<h1>Volcano edition</h1>
<p>Volcanologists in Iceland measured the magma chamber under the peninsula rising again, a sign that another eruption may come within weeks.</p>
<p>Residents of the nearby fishing town have rehearsed the evacuation twice this year, and the harbour stays open for now.</p>
<p>You are receiving this because you subscribed. Unsubscribe | Manage preferences</p>
<p>Copyright 2025 The Weekly Letter. All rights reserved.</p>
</body></html>
--outer
Content-Type: application/pdf; name="ignored.pdf"
Content-Disposition: attachment; filename="ignored.pdf"
Content-Transfer-Encoding: base64

JVBERi0xLjQKJcfsj6IKNSAwIG9iago8PC9MZW5ndGggNiAwIFI+PgpzdHJlYW0K
--outer--
`.replace(/\n/g, '\r\n');

const HUGE = `<?xml version="1.0"?><rss version="2.0"><channel><title>Huge</title>${`<item><title>x</title><description>${'y'.repeat(1000)}</description></item>`.repeat(6000)}</channel></rss>`;

const html = (body: string): Route => (_request, response) => void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
const xml = (body: () => string, type = 'application/rss+xml', etag?: string): Route => (request, response) => {
  if (etag && request.headers['if-none-match'] === etag) return void response.writeHead(304, { etag }).end();
  response.writeHead(200, { 'content-type': `${type}; charset=utf-8`, ...(etag && { etag }) }).end(body());
};

const site = await startLoopbackSite(t, {
  '/rss.xml': xml(() => rss(site.origin), 'application/rss+xml', '"rss-v1"'),
  '/atom.xml': xml(() => atom(site.origin), 'application/atom+xml'),
  '/articles/bees': html(articlePage('How bees talk', BEE_PARAGRAPHS)),
  '/articles/coral': html(articlePage('Coral reefs recover', CORAL_PARAGRAPHS)),
  '/broken.xml': xml(() => '<?xml version="1.0"?><rss version="2.0"><channel><title>Broken</title><item><title>Cut off mid'),
  '/bomb.xml': xml(() => BOMB),
  // Over the outbound guard's 5 MiB cap.
  '/huge.xml': xml(() => HUGE),
});

const api = await startTestApi(t, { OUTBOUND_ALLOW_PRIVATE: '1' });
await api.startWorkers('all');
const db = api.database.db;

type User = Awaited<ReturnType<typeof creator>>;

async function createBriefing(user: User, body: Record<string, unknown>): Promise<string> {
  const response = await api.request('/api/briefings', { method: 'POST', token: user.accessToken, json: body });
  if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
  return (await json(response)).briefing.id;
}

async function addSource(user: User, briefingId: string, body: Record<string, unknown>) {
  const response = await api.request(`/api/briefings/${briefingId}/sources`, { method: 'POST', token: user.accessToken, json: body });
  if (response.status !== 201) throw new Error(`source: ${response.status} ${await response.text()}`);
  return (await json(response)).source;
}

/** Starts a run now and waits for it to finish; returns the run as the API lists it. */
async function runNow(target: TestApi, user: User, briefingId: string) {
  const started = await target.request(`/api/briefings/${briefingId}/run`, { method: 'POST', token: user.accessToken });
  if (started.status !== 202) throw new Error(`run: ${started.status} ${await started.text()}`);
  const { jobId } = await json(started);
  return waitForRun(target, user, briefingId, jobId);
}

/** The run of the job that POST /api/briefings/:id/run answered with, once it finished (found by its jobId). */
async function waitForRun(target: TestApi, user: User, briefingId: string, jobId: string) {
  return until(`the run of ${jobId} to finish`, async () => {
    const { runs } = await json(await target.request(`/api/briefings/${briefingId}/runs?job_id=${jobId}`, { token: user.accessToken }));
    const [run] = runs;
    return run && (run.status === 'completed' || run.status === 'failed') ? run : undefined;
  }, 120_000, 150);
}

/** Waits until no job for the run is left in the queue (each one ran to its end). */
async function jobsDone(runId: string): Promise<void> {
  await until(`the jobs of ${runId} to be done`, async () => {
    const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM graphile_worker._private_jobs AS jobs WHERE jobs.payload->>'runId' = ${runId}`.execute(db);
    return left.rows[0]?.n === 0;
  }, 60_000, 100);
}

async function episodesOf(userId: string) {
  return db.selectFrom('episodes').selectAll().where('user_id', '=', userId).execute();
}

async function itemsOf(briefingId: string) {
  return db.selectFrom('briefing_items').selectAll().where('briefing_id', '=', briefingId).execute();
}

async function postNewsletter(webhookId: string, body: string, contentType: string) {
  return api.request(`/api/briefing-webhooks/email/${webhookId}`, { method: 'POST', body, headers: { 'content-type': contentType } });
}

t.test('RSS 2.0, Atom and a newsletter become one episode; a second run finds nothing new', async (t) => {
  const user = await creator(api, 'enterprise');
  const briefing = await createBriefing(user, { name: 'Morning science', template_type: 'tech_news', preset: 'quick', host_mode: 'multi', format: 'debate', reactions: 'lively', priority_keywords: ['coral'] });
  await addSource(user, briefing, { source_type: 'rss', source_name: 'Tech Daily', source_url: `${site.origin}/rss.xml` });
  await addSource(user, briefing, { source_type: 'rss', source_name: 'Science Notes', source_url: `${site.origin}/atom.xml` });
  const inbox = await addSource(user, briefing, { source_type: 'email', source_name: 'Weekly Letter' });

  const received = await postNewsletter(inbox.webhook_id, MIME, 'message/rfc822');
  t.equal(received.status, 200);
  t.match(await json(received), { success: true, briefingSource: 'Weekly Letter', message: /stored/ });
  const again = await postNewsletter(inbox.webhook_id, MIME, 'message/rfc822');
  t.match(await json(again), { briefingSource: 'Weekly Letter', message: /already stored/ }, 'a redelivered message is stored once');
  const [letter, ...rest] = await itemsOf(briefing);
  t.equal(rest.length, 0);
  t.equal(letter?.title, 'The Weekly Letter: volcano edition');
  t.match(letter?.body, /magma chamber/);
  t.notMatch(letter?.body, /Unsubscribe|Preheader|All rights reserved|View this email|JVBERi/, 'footer, preheader and attachment dropped');

  const run = await runNow(api, user, briefing);
  t.match(run, { status: 'completed', run_type: 'manual', sources_fetched: 3, items_included: 3, error: null, source_errors: [], episode_id: /^ep_/, episode_title: /^Morning science: / });
  t.ok(run.total_words > 50, `total_words ${run.total_words}`);
  t.type(run.started_at, 'string');
  t.type(run.completed_at, 'string');

  const episode = await waitForEpisode(db, run.episode_id, ['ready', 'error'], 120_000);
  t.equal(episode.status, 'ready', episode.error_message ?? '');
  t.match(episode, { preset: 'quick', host_mode: 'multi', format: 'debate', reactions: 'lively', briefing_template: 'tech_news', source_type: 'briefing', title: run.episode_title }, "the briefing's format and reactions");
  t.match(episode.source_text, /Karl von Frisch decoded the dance/, "the RSS item's article was fetched");
  t.match(episode.source_text, /forty sites/, "the Atom entry's article was fetched");
  t.match(episode.source_text, /magma chamber/, 'the newsletter is included');
  t.notMatch(episode.source_text, /An old story/, 'items outside the freshness window are left out');
  // The one way in: each item is a source of the episode, read by the ingest path, in the order chosen.
  const sources = await db.selectFrom('episode_sources').select(['position', 'kind', 'title', 'url', 'status']).where('episode_id', '=', episode.id).orderBy('position').execute();
  t.equal(sources.length, 3, 'one source per item');
  t.ok(sources.every((source) => source.kind === 'text' && source.status === 'read'), 'every item read');
  const titles = sources.map((source) => source.title ?? '');
  t.ok(titles.findIndex((title) => title.startsWith('Coral reefs')) < titles.findIndex((title) => title.startsWith('Bees decode')), 'the priority keyword ranks its item first');
  t.ok(sources.some((source) => source.url !== null), "a feed item's link goes with its source");
  t.equal(new Set(episode.script_text?.match(/Host [12]/g) ?? []).size, 2, 'written for two hosts');
  const usage = await db.selectFrom('usage_monthly').select('episodes_created').where('user_id', '=', user.userId).executeTakeFirstOrThrow();
  t.equal(usage.episodes_created, 1, 'counted against the monthly quota');

  const listed = await json(await api.request('/api/briefings', { token: user.accessToken }));
  t.match(listed.briefings[0], { completed_runs: 1, failed_runs: 0, last_run_at: String, source_count: 3 });
  const detail = await json(await api.request(`/api/briefings/${briefing}`, { token: user.accessToken }));
  t.ok(detail.briefing.sources.filter((source: { source_type: string }) => source.source_type === 'rss').every((source: { last_fetched_at: unknown }) => typeof source.last_fetched_at === 'string'));

  const rssRequests = site.requests.filter((request) => request.url === '/rss.xml').length;
  const second = await runNow(api, user, briefing);
  t.match(second, { status: 'failed', error: 'No new items from the last 24 hours', episode_id: null, sources_fetched: 3 }, 'used items are not used again');
  const conditional = site.requests.filter((request) => request.url === '/rss.xml').slice(rssRequests);
  t.equal(conditional[0]?.headers['if-none-match'], '"rss-v1"', 'the feed is fetched with its ETag');
  t.equal((await episodesOf(user.userId)).length, 1, 'no second episode');
});

t.test("a briefing in a show makes its episodes in the show, with the show's voices", async (t) => {
  const user = await creator(api, 'enterprise');
  const showResponse = await api.request('/api/shows', { method: 'POST', token: user.accessToken, json: { name: 'Morning desk', voiceStyle: 'casual', voicePair: 'debate', hostMode: 'multi', language: 'en' } });
  const show = (await json(showResponse)).show.id as string;
  const briefing = await createBriefing(user, { name: 'In the show', show_id: show, preset: 'quick' });
  const inbox = await addSource(user, briefing, { source_type: 'email', source_name: 'Weekly Letter' });
  t.equal((await postNewsletter(inbox.webhook_id, MIME, 'message/rfc822')).status, 200);
  const run = await runNow(api, user, briefing);
  t.match(run, { status: 'completed', episode_id: /^ep_/ });
  const episode = await db.selectFrom('episodes').selectAll().where('id', '=', run.episode_id).executeTakeFirstOrThrow();
  t.match(episode, { show_id: show, voice_style: 'casual', voice_pair: 'debate', host_mode: 'multi', language: 'en', preset: 'quick' }, "the show's voices; the briefing's own preset");
});

t.test('newsletters as Postmark and Mailgun JSON and form fields; unknown ids and other bodies are refused', async (t) => {
  const user = await creator(api, 'enterprise');
  const briefing = await createBriefing(user, { name: 'Letters' });
  const inbox = await addSource(user, briefing, { source_type: 'email', source_name: 'Letters inbox' });
  const postmark = { Subject: 'Postmark letter', From: 'a@x.example', HtmlBody: '<p>The harbour seals returned to the estuary this spring for the first time in a decade.</p>', TextBody: 'ignored', Headers: [{ Name: 'Message-ID', Value: '<pm-1@x.example>' }] };
  const mailgun = { subject: 'Mailgun letter', from: 'b@x.example', 'body-plain': 'A new bridge opened over the river, cutting the commute by twenty minutes.\n\n> On Monday someone wrote:\n> quoted reply', 'Message-Id': '<mg-1@x.example>' };
  const form = new URLSearchParams({ subject: 'Form letter', 'body-html': '<p>The library extended its opening hours to midnight during exam season.</p>', 'Message-Id': '<mg-2@x.example>' });
  for (const [body, type, name] of [[JSON.stringify(postmark), 'application/json', 'Postmark'], [JSON.stringify(mailgun), 'application/json', 'Mailgun JSON'], [form.toString(), 'application/x-www-form-urlencoded', 'Mailgun form']] as const) {
    const response = await postNewsletter(inbox.webhook_id, body, type);
    t.equal(response.status, 200, name);
    t.match(await json(response), { success: true, briefingSource: 'Letters inbox' }, name);
  }
  const items = await itemsOf(briefing);
  t.same(items.map((item) => item.title).sort(), ['Form letter', 'Mailgun letter', 'Postmark letter']);
  t.notMatch(items.find((item) => item.title === 'Mailgun letter')?.body, /quoted reply/, 'the quoted reply is dropped');

  const before = await itemsOf(briefing);
  const unknown = await postNewsletter('A'.repeat(43), JSON.stringify(postmark), 'application/json');
  t.equal(unknown.status, 404);
  t.match(await json(unknown), { success: false, error: 'Not found' });
  const multipart = await postNewsletter(inbox.webhook_id, '--x\r\n\r\nhi\r\n--x--', 'multipart/form-data; boundary=x');
  t.equal(multipart.status, 415);
  t.match(await json(multipart), { message: /message\/rfc822, application\/json, application\/x-www-form-urlencoded/ });
  const neither = await postNewsletter(inbox.webhook_id, JSON.stringify({ hello: 'world' }), 'application/json');
  t.equal(neither.status, 400);
  t.match(await json(neither), { error: 'Validation failed', message: /neither a Postmark inbound message/ });
  const notMime = await postNewsletter(inbox.webhook_id, 'just some words', 'message/rfc822');
  t.equal(notMime.status, 400);
  const tooLarge = await postNewsletter(inbox.webhook_id, 'x'.repeat(5 * 1024 * 1024 + 10), 'message/rfc822');
  t.equal(tooLarge.status, 413);
  t.same(await itemsOf(briefing), before, 'refused messages store nothing');
});

t.test('hostile feeds fail the run with a clear reason per source and change nothing else', async (t) => {
  const user = await creator(api, 'enterprise');
  const briefing = await createBriefing(user, { name: 'Hostile', preset: 'quick' });
  await addSource(user, briefing, { source_type: 'rss', source_name: 'Broken', source_url: `${site.origin}/broken.xml` });
  await addSource(user, briefing, { source_type: 'rss', source_name: 'Bomb', source_url: `${site.origin}/bomb.xml` });
  await addSource(user, briefing, { source_type: 'rss', source_name: 'Huge', source_url: `${site.origin}/huge.xml` });
  await addSource(user, briefing, { source_type: 'rss', source_name: 'Missing', source_url: `${site.origin}/nothing-here.xml` });
  const run = await runNow(api, user, briefing);
  t.match(run, { status: 'failed', episode_id: null, sources_fetched: 0, items_included: 0, error: /^Every source failed: / });
  const reasons = Object.fromEntries(run.source_errors.map((error: { source_name: string; error: string }) => [error.source_name, error.error]));
  t.match(reasons, {
    Broken: /not well-formed XML/,
    Bomb: /declares its own XML entities/,
    Huge: /larger than 5 MB/,
    Missing: /HTTP 404/,
  });
  t.same(await itemsOf(briefing), [], 'no items stored');
  t.same(await episodesOf(user.userId), [], 'no episode');
  const usage = await db.selectFrom('usage_monthly').select('episodes_created').where('user_id', '=', user.userId).executeTakeFirst();
  t.equal(usage?.episodes_created ?? 0, 0, 'nothing counted');
  const detail = await json(await api.request(`/api/briefings/${briefing}`, { token: user.accessToken }));
  t.ok(detail.briefing.sources.every((source: { last_error: unknown }) => typeof source.last_error === 'string'), 'each source shows its last error');
  const jobs = await sql<{ n: number }>`SELECT count(*)::int AS n FROM graphile_worker._private_jobs AS jobs WHERE jobs.payload->>'runId' = ${run.id}`.execute(db);
  t.equal(jobs.rows[0]?.n, 0, 'refused feeds are not retried');
});

t.test('one failing source does not fail the run; the run names it', async (t) => {
  const user = await creator(api, 'enterprise');
  const briefing = await createBriefing(user, { name: 'Mixed', preset: 'quick' });
  await addSource(user, briefing, { source_type: 'rss', source_name: 'Science Notes', source_url: `${site.origin}/atom.xml` });
  await addSource(user, briefing, { source_type: 'rss', source_name: 'Broken', source_url: `${site.origin}/broken.xml` });
  const run = await runNow(api, user, briefing);
  t.match(run, { status: 'completed', sources_fetched: 1, items_included: 1, episode_id: /^ep_/ });
  t.match(run.source_errors, [{ source_name: 'Broken', error: /not well-formed XML/ }]);
});

t.test('a run over the monthly quota fails with that reason and makes no episode', async (t) => {
  const user = await creator(api, 'creator');
  const briefing = await createBriefing(user, { name: 'Over quota', preset: 'quick' });
  await addSource(user, briefing, { source_type: 'rss', source_name: 'Science Notes', source_url: `${site.origin}/atom.xml` });
  const month = new Date().toISOString().slice(0, 7) + '-01';
  await sql`INSERT INTO usage_monthly (user_id, month, episodes_created) VALUES (${user.userId}, ${month}, 25)
            ON CONFLICT (user_id, month) DO UPDATE SET episodes_created = 25`.execute(db);
  const run = await runNow(api, user, briefing);
  t.match(run, { status: 'failed', episode_id: null, error: /used all 25 episodes of the creator tier/, items_included: 1 });
  t.same(await episodesOf(user.userId), []);
  t.ok((await itemsOf(briefing)).every((item) => item.used_run_id === null), 'its items stay unused for a later run');
});

t.test('the run task executed twice (even at once) makes one episode', async (t) => {
  const user = await creator(api, 'enterprise');
  const briefing = await createBriefing(user, { name: 'Twice', preset: 'quick' });
  await addSource(user, briefing, { source_type: 'rss', source_name: 'Science Notes', source_url: `${site.origin}/atom.xml` });
  const started = await json(await api.request(`/api/briefings/${briefing}/run`, { method: 'POST', token: user.accessToken }));
  // A second and third delivery of the same run, as at-least-once queues may make.
  const runId = started.run.id;
  await addJob(db, 'briefing:run', { runId }, { account: user.userId, fair: true });
  await addJob(db, 'briefing:run', { runId }, { account: user.userId, fair: true });
  const run = await waitForRun(api, user, briefing, started.jobId);
  t.equal(run.status, 'completed');
  await jobsDone(runId);
  // And once more after it completed.
  await addJob(db, 'briefing:run', { runId }, { account: user.userId, fair: true });
  await jobsDone(runId);
  const episodes = await episodesOf(user.userId);
  t.equal(episodes.length, 1, 'one episode');
  t.equal(episodes[0]?.id, run.episode_id);
  const usage = await db.selectFrom('usage_monthly').select('episodes_created').where('user_id', '=', user.userId).executeTakeFirstOrThrow();
  t.equal(usage.episodes_created, 1, 'counted once');
  const runs = await db.selectFrom('briefing_runs').selectAll().where('briefing_id', '=', briefing).execute();
  t.equal(runs.length, 1);
  t.equal(runs[0]?.status, 'completed');
});

t.test('with the outbound guard on, a feed at a private address is refused and never requested', async (t) => {
  const guarded = await startTestApi(t);
  await guarded.startWorkers('general');
  const user = await creator(guarded, 'enterprise');
  const created = await guarded.request('/api/briefings', { method: 'POST', token: user.accessToken, json: { name: 'Guarded' } });
  const briefing = (await json(created)).briefing.id as string;
  // The API refuses literal private addresses; a name that resolves to one (or is re-pointed later) meets the guard at fetch time.
  await guarded.database.db.insertInto('briefing_sources').values({ id: 'src_private', briefing_id: briefing, source_type: 'rss', source_name: 'Internal', source_url: `http://localhost:${site.port}/rss.xml` }).execute();
  const before = site.requests.length;
  const run = await runNow(guarded, user, briefing);
  t.match(run, { status: 'failed', episode_id: null, error: /private network address/ });
  t.match(run.source_errors, [{ source_name: 'Internal', error: /private network address/ }]);
  t.equal(site.requests.length, before, 'nothing reached the private address');
  t.same(await guarded.database.db.selectFrom('briefing_items').selectAll().execute(), []);
});
