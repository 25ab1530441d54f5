// Deliveries never reach inside the network: with the outbound guard on, the target is
// resolved and checked at every attempt (not only at registration) and the connection is
// pinned to the checked address — loopback, private, IPv4-mapped IPv6 and a public-looking
// name that resolves to 127.0.0.1 are all refused, with the reason recorded and nothing
// sent. And the api never sends a test itself: without a general worker it answers 503
// and the test is withdrawn, never sent later.
import t from 'tap';
import { loadConfig } from '@castwright/core/config';
import { finishEpisode } from '@castwright/core/episode-outcome';
import { createLogger } from '@castwright/core/logger';
import { startWorker } from '@castwright/worker/start-worker';
import { deliveryPolicy, sendAttempt } from '@castwright/worker/webhooks/send-attempt';
import { insertEpisodes } from '#test-helpers/episode-rows';
import { waitForJobs } from '#test-helpers/job-queue';
import { creator, json, startTestApi } from '#test-helpers/test-api';
import { RECEIVER_HOST, startWebhookReceiver, trustReceivers } from '#test-helpers/webhook-receiver';

t.setTimeout(300_000);
await trustReceivers();
// Registration lets loopback through (as in development); each worker below decides for itself.
const env = { OUTBOUND_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_BASE_MS: '50' };
const api = await startTestApi(t, env);
const db = api.database.db;
const logger = createLogger({ level: 'silent', role: 'test' });
const workerConfig = (allowPrivate: '0' | '1') => loadConfig({ ...env, PORT: '0', DATA_DIR: api.config.dataDir, DATABASE_URL: api.database.url, LOG_LEVEL: 'silent', OUTBOUND_ALLOW_PRIVATE: allowPrivate });
const user = await creator(api, 'enterprise');

async function register(url: string): Promise<string> {
  const response = await api.request('/api/webhooks', { method: 'POST', token: user.accessToken, json: { url } });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
  return (await json(response)).webhook.id as string;
}
const testDelivery = (id: string) => api.request(`/api/webhooks/${id}/test`, { method: 'POST', token: user.accessToken });

t.test('no general worker: the test is 503 after 15 s, and is never sent later', async (t) => {
  const receiver = await startWebhookReceiver(t);
  const id = await register(receiver.url);
  const response = await testDelivery(id);
  t.equal(response.status, 503);
  t.match(await json(response), { success: false, error: 'Service unavailable', message: /No webhook worker picked up the test within 15 seconds/ });
  t.same(await db.selectFrom('webhook_events').select('id').where('webhook_id', '=', id).execute(), [], 'the test event was withdrawn');

  const worker = await startWorker(workerConfig('1'), logger, 'general');
  try {
    await waitForJobs(db, 'webhook:');
    t.equal(receiver.requests.length, 0, 'a worker arriving later found nothing to send');
  } finally {
    await worker.stop();
  }
});

t.test('with the guard on, every attempt refuses addresses inside the network and records why', async (t) => {
  const worker = await startWorker(workerConfig('0'), logger, 'general');
  t.teardown(() => worker.stop());
  const receiver = await startWebhookReceiver(t);
  const port = new URL(receiver.url).port;
  for (const url of [receiver.url, `https://localhost:${port}/hook`, `https://[::ffff:127.0.0.1]:${port}/hook`]) {
    const response = await testDelivery(await register(url));
    t.equal(response.status, 200, `${url}: answered, with the reason in the delivery`);
    t.match((await json(response)).delivery, { statusCode: null, success: false, error: /private network address/ }, url);
  }

  const id = await register(receiver.url);
  const [episodeId] = await insertEpisodes(db, user.userId, 1, { status: 'generating_audio' });
  await db.transaction().execute((trx) => finishEpisode(trx, episodeId as string, { status: 'error', progressPercent: 70, from: ['generating_audio'] }, { publicBaseUrl: api.baseUrl, fair: true }));
  await waitForJobs(db, 'webhook:', 60_000);
  const deliveries = (await json(await api.request(`/api/webhooks/${id}/deliveries`, { token: user.accessToken }))).deliveries as Record<string, unknown>[];
  t.same(deliveries.map((delivery) => [delivery.attemptNumber, delivery.success]).reverse(), [[1, false], [2, false], [3, false], [4, false]], 'each of the four attempts was checked and refused');
  t.ok(deliveries.every((delivery) => /private network address/.test(String(delivery.error))));
  t.equal(receiver.requests.length, 0, 'nothing reached the receiver');
});

t.test('a public-looking name that resolves to loopback or a private address is refused at connect time', async (t) => {
  const receiver = await startWebhookReceiver(t);
  const url = `https://${RECEIVER_HOST}:${new URL(receiver.url).port}/hook`;
  const message = { id: 'evt_test', body: '{"event":"webhook.test"}', secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}` };
  for (const answer of [['127.0.0.1'], ['::ffff:127.0.0.1'], ['93.184.216.34', '10.0.0.8'], ['169.254.169.254']]) {
    const outcome = await sendAttempt(url, message, { ...deliveryPolicy(false), resolve: async () => answer });
    t.match(outcome, { statusCode: null, success: false, error: /private network address/ }, `DNS answering ${answer.join(', ')}`);
  }
  t.equal(receiver.requests.length, 0, 'no connection was made');
  const allowed = await sendAttempt(url, message, { ...deliveryPolicy(true), resolve: async () => ['127.0.0.1'] });
  t.match(allowed, { statusCode: 200, success: true }, 'the same name with OUTBOUND_ALLOW_PRIVATE=1 (development) is delivered');
  t.equal(receiver.requests[0]?.headers.host, `${RECEIVER_HOST}:${new URL(receiver.url).port}`, 'to the name asked for, pinned to the checked address');
});
