// Webhook deliveries for real: a general worker (graphile-worker, the outbound guard,
// undici over TLS) posting to HTTPS receivers on loopback that check every signature by
// hand and with the `standardwebhooks` package. Events come from the one function every
// terminal transition uses (finishEpisode), and one from the real pipeline failing.
import t from 'tap';
import { sql } from 'kysely';
import { finishEpisode } from '@castwright/core/episode-outcome';
import { recordEpisodeEvent } from '@castwright/core/webhooks/record-episode-event';
import { selectEpisodeById } from '@castwright/core/repositories/episodes';
import { insertEpisodes } from '#test-helpers/episode-rows';
import { freePort } from '#test-helpers/free-port';
import { startLoopbackSite } from '#test-helpers/loopback-site';
import { startSmtpSink } from '#test-helpers/smtp-sink';
import { creator, json, startTestApi } from '#test-helpers/test-api';
import { startWebhookReceiver, trustReceivers, verifyDelivery, type Respond, type WebhookReceiver } from '#test-helpers/webhook-receiver';
import { until } from '#test-helpers/until';
import { waitForJobs } from '#test-helpers/job-queue';

t.setTimeout(600_000);
await trustReceivers();
const smtp = await startSmtpSink(t);
const BASE = 'https://podcasts.example.com';
const api = await startTestApi(t, { OUTBOUND_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_BASE_MS: '100', PUBLIC_BASE_URL: BASE, SMTP_URL: smtp.url });
await api.startWorkers('general');
const db = api.database.db;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function register(token: string, url: string, events = ['episode.completed', 'episode.failed']): Promise<{ id: string; secret: string }> {
  const response = await api.request('/api/webhooks', { method: 'POST', token, json: { url, events } });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
  const { webhook } = await json(response);
  return { id: webhook.id, secret: webhook.secret };
}

/** An episode of `userId` taken to `ready` (or `error`) by finishEpisode, as the pipeline does. */
async function finished(userId: string, status: 'ready' | 'error' = 'ready'): Promise<string> {
  const [id] = await insertEpisodes(db, userId, 1, { status: 'generating_audio', progress_percent: 80, title: 'Lighthouses', preset: 'standard', host_mode: 'multi' });
  await db.transaction().execute((trx) =>
    finishEpisode(trx, id as string, {
      status,
      progressPercent: status === 'ready' ? 100 : 80,
      from: ['generating_audio'],
      set: status === 'ready' ? { audio_key: `episodes/${id}/audio-1.mp3`, audio_duration_ms: 41_600, completed_at: new Date() } : { error_message: 'Audio rendering failed', completed_at: new Date() },
    }, { publicBaseUrl: BASE, fair: true }),
  );
  return id as string;
}

async function deliveries(token: string, webhookId: string): Promise<Json[]> {
  return (await json(await api.request(`/api/webhooks/${webhookId}/deliveries?limit=100`, { token }))).deliveries.reverse();
}

async function webhookView(token: string, webhookId: string): Promise<Json> {
  return (await json(await api.request(`/api/webhooks/${webhookId}`, { token }))).webhook;
}

/** Waits until every event of the webhook is settled (delivered, failed or cancelled). */
async function settled(webhookId: string, count: number, timeoutMs = 120_000): Promise<{ status: string; attempts_counted: number }[]> {
  return until(`the events of ${webhookId} to settle`, async () => {
    const rows = await db.selectFrom('webhook_events').select(['status', 'attempts_counted', 'created_at']).where('webhook_id', '=', webhookId).where('event', '!=', 'webhook.test').orderBy('created_at').execute();
    return rows.length >= count && rows.every((row) => row.status !== 'pending') ? rows : undefined;
  }, timeoutMs, 100);
}

async function test(token: string, webhookId: string): Promise<{ status: number; body: Json }> {
  const response = await api.request(`/api/webhooks/${webhookId}/test`, { method: 'POST', token });
  return { status: response.status, body: await json(response) };
}

t.test('episode.completed arrives once, signed, with the interface payload and an absolute audioUrl', async (t) => {
  const user = await creator(api, 'enterprise');
  const receiver = await startWebhookReceiver(t);
  const onlyFailures = await startWebhookReceiver(t);
  const { id: webhookId, secret } = await register(user.accessToken, receiver.url);
  await register(user.accessToken, onlyFailures.url, ['episode.failed']);
  const inactive = await startWebhookReceiver(t);
  const off = await register(user.accessToken, inactive.url);
  await api.request(`/api/webhooks/${off.id}`, { method: 'PATCH', token: user.accessToken, json: { is_active: false } });
  const stranger = await creator(api, 'enterprise');
  const strangers = await startWebhookReceiver(t);
  await register(stranger.accessToken, strangers.url);

  const episodeId = await finished(user.userId);
  const [request] = await receiver.waitForRequests(1);
  const episode = await selectEpisodeById(db, episodeId);
  t.equal(request?.method, 'POST');
  t.equal(request?.headers['content-type'], 'application/json');
  t.match(request?.headers['webhook-id'], /^evt_/);
  t.ok(Math.abs(Number(request?.headers['webhook-timestamp']) - Date.now() / 1000) < 60, 'webhook-timestamp is the time of sending');
  const payload = verifyDelivery(request!, secret);
  t.same(payload, {
    event: 'episode.completed',
    timestamp: episode?.updated_at.toISOString(),
    data: {
      episode: {
        id: episodeId,
        title: 'Lighthouses',
        status: 'ready',
        audioUrl: `${BASE}/api/episodes/${episodeId}/audio`,
        audioDuration: 42,
        preset: 'standard',
        hostMode: 'multi',
        createdAt: episode?.created_at.toISOString(),
      },
    },
  }, 'exactly the interface fields; verified by hand and by standardwebhooks');
  t.throws(() => verifyDelivery({ ...request!, body: request!.body.replace('Lighthouses', 'Lighthouse5') }, secret), 'a changed body fails both checks');
  t.throws(() => verifyDelivery(request!, 'whsec_' + Buffer.alloc(32, 1).toString('base64')), 'another secret fails');

  await settled(webhookId, 1);
  const [delivery] = await deliveries(user.accessToken, webhookId);
  t.match(delivery, { event: 'episode.completed', eventId: request?.headers['webhook-id'], statusCode: 200, success: true, attemptNumber: 1, deliveredAt: String, error: null });
  t.ok(delivery?.duration >= 0);
  t.match(await webhookView(user.accessToken, webhookId), { status: 'active', deliveryStats: { total: 1, successful: 1, failed: 0 } });
  const events = await db.selectFrom('webhook_events').select(['webhook_id', 'event']).where('episode_id', '=', episodeId).execute();
  t.same(events, [{ webhook_id: webhookId, event: 'episode.completed' }], 'no event for a webhook not subscribed, turned off, or of another user');
  t.same([onlyFailures.requests.length, inactive.requests.length, strangers.requests.length], [0, 0, 0]);
});

t.test('episode.failed from the real pipeline: an ingestion that fails sends data.error', async (t) => {
  const user = await creator(api, 'enterprise');
  const receiver = await startWebhookReceiver(t);
  const { secret } = await register(user.accessToken, receiver.url, ['episode.failed']);
  const site = await startLoopbackSite(t, {});
  const created = await api.request('/api/episodes', { method: 'POST', token: user.accessToken, json: { url: `${site.origin}/missing-article`, preset: 'quick' } });
  t.equal(created.status, 202);
  const episodeId = (await json(created)).episode.id as string;
  const [request] = await receiver.waitForRequests(1);
  const payload = verifyDelivery(request!, secret) as Json;
  t.match(payload, { event: 'episode.failed', data: { episode: { id: episodeId, status: 'error', audioUrl: null }, error: /HTTP 404/ } });
  t.equal((await selectEpisodeById(db, episodeId))?.status, 'error');
});

t.test('a rolled-back transition sends nothing; a replayed one records no second event', async (t) => {
  const user = await creator(api, 'enterprise');
  const receiver = await startWebhookReceiver(t);
  const { id: webhookId } = await register(user.accessToken, receiver.url);
  const [rolledBack] = await insertEpisodes(db, user.userId, 1, { status: 'generating_audio' });
  await t.rejects(
    db.transaction().execute(async (trx) => {
      await finishEpisode(trx, rolledBack as string, { status: 'ready', progressPercent: 100, from: ['generating_audio'] }, { publicBaseUrl: BASE, fair: true });
      throw new Error('the publishing transaction failed after the move');
    }),
  );
  t.same(await db.selectFrom('webhook_events').select('id').where('episode_id', '=', rolledBack as string).execute(), [], 'no event row');
  const { rows: jobs } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'webhook:deliver' AND queue_name = ${`webhook:${webhookId}`}`.execute(db);
  t.equal(jobs[0]?.n, 0, 'no delivery job');

  const episodeId = await finished(user.userId);
  const late = await db.transaction().execute((trx) => finishEpisode(trx, episodeId, { status: 'error', progressPercent: 80, from: ['generating_audio'] }, { publicBaseUrl: BASE, fair: true }));
  t.equal(late, undefined, 'a late failure after ready does not move the episode');
  const ready = await selectEpisodeById(db, episodeId);
  await db.transaction().execute((trx) => recordEpisodeEvent(trx, { ...ready!, status: 'ready' }, { publicBaseUrl: BASE, fair: true }));
  await settled(webhookId, 1);
  t.equal((await db.selectFrom('webhook_events').select('id').where('episode_id', '=', episodeId).execute()).length, 1, 'one event, whatever ran twice');
  t.equal(receiver.requests.length, 1, 'one delivery');
});

t.test('failed attempts are retried up to three times with the same webhook-id and body', async (t) => {
  const user = await creator(api, 'enterprise');
  const statuses = [500, 503, 404, 200];
  const receiver = await startWebhookReceiver(t, (_request, index) => ({ status: statuses[index] ?? 200 }));
  const { id: webhookId, secret } = await register(user.accessToken, receiver.url);
  await finished(user.userId);
  const [event] = await settled(webhookId, 1);
  t.match(event, { status: 'delivered', attempts_counted: 4 });
  t.equal(receiver.requests.length, 4);
  t.equal(new Set(receiver.requests.map((request) => request.headers['webhook-id'])).size, 1, 'one webhook-id across retries');
  t.equal(new Set(receiver.requests.map((request) => request.body)).size, 1, 'the same bytes every time');
  for (const request of receiver.requests) verifyDelivery(request, secret);
  t.same((await deliveries(user.accessToken, webhookId)).map((delivery) => [delivery.attemptNumber, delivery.statusCode, delivery.success]), [[1, 500, false], [2, 503, false], [3, 404, false], [4, 200, true]]);
  t.match(await webhookView(user.accessToken, webhookId), { status: 'active', failingSince: null, deliveryStats: { total: 4, successful: 1, failed: 3 } });
});

t.test("the receiver's Retry-After is waited out, up to an hour", async (t) => {
  const user = await creator(api, 'enterprise');
  const receiver = await startWebhookReceiver(t, (_request, index) => (index === 0 ? { status: 429, headers: { 'retry-after': '2' } } : { status: 200 }));
  const { id: webhookId } = await register(user.accessToken, receiver.url);
  await finished(user.userId);
  const [first, second] = await receiver.waitForRequests(2);
  t.ok((second?.receivedAt ?? 0) - (first?.receivedAt ?? 0) >= 2000, `the retry came ${(second?.receivedAt ?? 0) - (first?.receivedAt ?? 0)} ms later, not before Retry-After's 2 s`);
  await settled(webhookId, 1);

  const patient = await startWebhookReceiver(t, () => ({ status: 503, headers: { 'retry-after': '86400' } }));
  const other = await register(user.accessToken, patient.url);
  await finished(user.userId);
  await patient.waitForRequests(1);
  const counted = await until('the first attempt counted', async () => {
    const { rows } = await sql<{ waits_s: number; counted: number }>`
      SELECT extract(epoch FROM next_attempt_at - now())::float8 AS waits_s, attempts_counted AS counted FROM webhook_events WHERE webhook_id = ${other.id}`.execute(db);
    return rows[0]?.counted === 1 ? rows[0] : undefined;
  }, 60_000, 100);
  t.ok(counted.waits_s > 3500 && counted.waits_s <= 3600, `a day's Retry-After is capped at an hour (next attempt in ${Math.round(counted.waits_s)} s)`);
  await api.request(`/api/webhooks/${other.id}`, { method: 'DELETE', token: user.accessToken });
});

t.test('the test endpoint: a signed webhook.test, and every way a receiver can fail, recorded with its reason', async (t) => {
  const user = await creator(api, 'enterprise');
  const behaviours: [string, Respond, Json][] = [
    ['answers 204', () => ({ status: 204 }), { statusCode: 204, success: true, error: null }],
    ['answers 400', () => ({ status: 400 }), { statusCode: 400, success: false, error: null }],
    ['answers 500', () => ({ status: 500 }), { statusCode: 500, success: false, error: null }],
    ['redirects', () => ({ status: 302, headers: { location: '/elsewhere' } }), { statusCode: 302, success: false, error: /redirect.*not followed/ }],
    ['resets the connection', () => ({ reset: true }), { statusCode: null, success: false, error: /reset|closed/ }],
    ['answers after 12 s', () => ({ status: 200, delayMs: 12_000 }), { statusCode: null, success: false, error: 'No answer within 10 seconds' }],
  ];
  for (const [name, respond, expected] of behaviours) {
    const receiver = await startWebhookReceiver(t, respond);
    const { id: webhookId, secret } = await register(user.accessToken, receiver.url);
    const { status, body } = await test(user.accessToken, webhookId);
    t.equal(status, 200, `${name}: 200 from us whatever the receiver did`);
    t.match(body, { success: true, message: String, delivery: { event: 'webhook.test', attemptNumber: 1, ...expected } }, name);
    t.equal(receiver.requests.length, 1, `${name}: one request, nothing followed or retried`);
    t.match(verifyDelivery(receiver.requests[0]!, secret), { event: 'webhook.test', data: { webhook: { id: webhookId, url: receiver.url } } });
    t.match(await webhookView(user.accessToken, webhookId), { status: 'active', consecutiveFailedEvents: 0 }, `${name}: a test never marks a webhook failing`);
  }
  const closed = await register(user.accessToken, `https://127.0.0.1:${await freePort()}/hook`);
  const unreachable = await test(user.accessToken, closed.id);
  t.equal(unreachable.status, 200);
  t.match(unreachable.body.delivery, { statusCode: null, success: false, error: 'The connection was refused' });
});

t.test('a slow receiver holds up neither its own owner\'s other webhooks nor anyone else', async (t) => {
  const slowOwner = await creator(api, 'enterprise');
  let mostOpen = 0;
  const slow: WebhookReceiver = await startWebhookReceiver(t, () => {
    mostOpen = Math.max(mostOpen, slow.openRequests() + 1);
    return { status: 200, delayMs: 11_000 };
  });
  const slowHook = await register(slowOwner.accessToken, slow.url);
  for (let n = 0; n < 3; n++) await finished(slowOwner.userId);
  await slow.waitForRequests(1);

  const other = await creator(api, 'enterprise');
  let slowOpenMeanwhile = -1;
  const fast: WebhookReceiver = await startWebhookReceiver(t, () => {
    slowOpenMeanwhile = slow.openRequests();
    return { status: 200 };
  });
  await register(other.accessToken, fast.url);
  await finished(other.userId);
  await fast.waitForRequests(1);
  t.equal(slowOpenMeanwhile, 1, "another user's event was delivered while the slow receiver still held its request");
  t.equal(mostOpen, 1, "one webhook's deliveries run one at a time (one worker slot at most)");
  await api.request(`/api/webhooks/${slowHook.id}`, { method: 'DELETE', token: slowOwner.accessToken });
});

t.test('failing: marked and mailed once, cleared by a success; five failed events in a row turn it off, mailed once', async (t) => {
  const user = await creator(api, 'enterprise');
  let healthy = false;
  const receiver = await startWebhookReceiver(t, () => ({ status: healthy ? 200 : 500 }));
  const { id: webhookId } = await register(user.accessToken, receiver.url);
  const mails = (subject: RegExp) => smtp.messages.filter((mail) => mail.to && JSON.stringify(mail.to).includes(user.email) && subject.test(mail.subject ?? ''));

  await finished(user.userId);
  await settled(webhookId, 1);
  const failing = await webhookView(user.accessToken, webhookId);
  t.match(failing, { is_active: true, status: 'failing', failingSince: String, consecutiveFailedEvents: 1, deliveryStats: { total: 4, successful: 0, failed: 4 } });
  const failingMail = await smtp.waitFor((mail) => mails(/is failing/).includes(mail));
  t.match(failingMail.text, new RegExp(`all 4 attempts failed \\(the last: HTTP 500\\)[\\s\\S]*/webhooks/${webhookId}$`, 'm'), 'the link opens the webhook\'s page in the studio');
  await finished(user.userId, 'error');
  await settled(webhookId, 2);
  t.match(await webhookView(user.accessToken, webhookId), { status: 'failing', failingSince: failing.failingSince, consecutiveFailedEvents: 2 });

  healthy = true;
  t.match((await test(user.accessToken, webhookId)).body.delivery, { success: true });
  t.match(await webhookView(user.accessToken, webhookId), { status: 'active', failingSince: null, consecutiveFailedEvents: 0 }, 'a success clears it');

  healthy = false;
  for (let n = 0; n < 5; n++) await finished(user.userId);
  await settled(webhookId, 7);
  t.match(await webhookView(user.accessToken, webhookId), { is_active: false, status: 'inactive', consecutiveFailedEvents: 5, deactivatedAt: String });
  await smtp.waitFor((mail) => mails(/turned off/).length === 1 && mails(/turned off/).includes(mail));
  await finished(user.userId);
  t.equal((await db.selectFrom('webhook_events').select('id').where('webhook_id', '=', webhookId).where('event', '!=', 'webhook.test').execute()).length, 7, 'a webhook turned off gets no new events');
  // A duplicate mail could only come from an e-mail job still queued: wait for the queue to run dry of them.
  await waitForJobs(db, 'email:', 60_000);
  t.equal(mails(/is failing/).length, 2, 'one failing mail per failing spell (two spells)');
  t.equal(mails(/turned off/).length, 1, 'one mail for turning it off');

  const reactivated = await api.request(`/api/webhooks/${webhookId}`, { method: 'PATCH', token: user.accessToken, json: { is_active: true } });
  t.match((await json(reactivated)).webhook, { is_active: true, status: 'failing', consecutiveFailedEvents: 0, deactivatedAt: null }, 'back on, failing until a delivery succeeds');
});
