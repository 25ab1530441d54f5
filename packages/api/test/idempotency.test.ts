// Idempotency-Key on every POST that takes it, through the real API: the same key twice is
// one effect and the same answer again (byte for byte, `Idempotent-Replayed: true`); the
// key with another request is 422; a key past its 24 hours (the clock moved in the
// database) is a new request. Then the rules around it: what is kept and what frees the
// key, 409 while the first is running, and the crash cases — an effect whose answer could
// not be stored is rolled back with it, a lapsed claim is taken over without a second
// effect, and a slow holder whose claim was taken over does nothing.
import t from 'tap';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { requestFingerprint } from '@castwright/api/idempotency/request-fingerprint';
import { addJob } from '@castwright/core/jobs';
import { newId } from '@castwright/core/ids';
import { updateUserTier } from '@castwright/core/repositories/users';
import { insertWebhookEvent } from '@castwright/core/repositories/webhook-events';
import { startFakeStripe } from '#test-helpers/fake-stripe';
import { holdQuotaRow, waitForQuotaWaiters } from '#test-helpers/quota-lock';
import { added, IDEMPOTENT_POSTS, postContext, postInit } from '#test-helpers/idempotent-posts';
import { creator, json, registerUser, startTestApi } from '#test-helpers/test-api';
import { startWebhookReceiver, trustReceivers } from '#test-helpers/webhook-receiver';

t.setTimeout(600_000);
await trustReceivers();
const stripe = await startFakeStripe(t);
const api = await startTestApi(t, { ...stripe.env, OUTBOUND_ALLOW_PRIVATE: '1' });
const receiver = await startWebhookReceiver(t);
const db = api.database.db;
const DAY_AND_AN_HOUR = sql`interval '25 hours'`;

const send = (path: string, token: string, key: string | undefined, request: Parameters<typeof postInit>[0] = { path }) => api.request(path, postInit(request, token, key));

const contextFor = (t: { teardown(fn: () => Promise<void>): void }, user: { userId: string; accessToken: string }) => postContext(t, api, user, { receiverUrl: receiver.url, stripe });

t.test('every operation that takes Idempotency-Key has a row in the table, and every row is such an operation', async (t) => {
  const document = await json(await api.request('/api/openapi.json'));
  const operations = Object.entries(document.paths as Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, operation]) => operation.parameters?.some((parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key'))
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
  t.same(operations.sort(), Object.keys(IDEMPOTENT_POSTS).sort());
  t.ok(operations.length >= 12, `${operations.length} operations`);
});

for (const [operation, prepare] of Object.entries(IDEMPOTENT_POSTS)) {
  t.test(`${operation}: one effect per key, the same answer replayed, 422 for another request, a new request after 24 hours`, async (t) => {
    const user = await creator(api, 'enterprise');
    const row = await prepare(contextFor(t, user));
    const key = randomUUID();
    const before = await row.effects();

    const first = await send(row.request.path, user.accessToken, key, row.request);
    const firstBody = await first.text();
    t.equal(first.status, row.status, `first: ${firstBody.slice(0, 300)}`);
    t.equal(first.headers.get('idempotent-replayed'), null, 'the first answer is not a replay');
    const afterFirst = await row.effects();
    t.same(added(before, afterFirst), row.once, 'one effect');

    const again = await send(row.request.path, user.accessToken, key, row.request);
    t.equal(again.status, row.status);
    t.equal(again.headers.get('idempotent-replayed'), 'true');
    t.match(again.headers.get('content-type'), /^application\/json/);
    t.equal(await again.text(), firstBody, 'the same body, byte for byte');
    t.same(await row.effects(), afterFirst, 'nothing happened twice');

    const reused = await send(row.other.path, user.accessToken, key, row.other);
    t.equal(reused.status, 422);
    t.match(await json(reused), { success: false, error: 'Idempotency key reused', message: /different/ });
    t.same(await row.effects(), afterFirst, 'the other request did nothing');

    // 25 hours later, by the database's clock: the key counts as never used.
    await sql`UPDATE idempotency_keys SET created_at = created_at - ${DAY_AND_AN_HOUR} WHERE user_id = ${user.userId} AND key = ${key}`.execute(db);
    await row.repeat?.before?.();
    const beforeRepeat = await row.effects();
    const repeated = await send(row.request.path, user.accessToken, key, row.request);
    const repeatedBody = await repeated.text();
    t.equal(repeated.status, row.status, `after expiry: ${repeatedBody.slice(0, 300)}`);
    t.equal(repeated.headers.get('idempotent-replayed'), null, 'not a replay');
    t.same(added(beforeRepeat, await row.effects()), row.repeat?.adds ?? row.once, 'done again, once');
  });
}

async function episodeCount(userId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM episodes WHERE user_id = ${userId}`.execute(db);
  return rows[0]?.n ?? 0;
}

const EPISODE = { path: '/api/episodes', json: { content: 'A short text about tides and the moon.', preset: 'quick' } };

t.test('without a key every request is its own; a malformed key is 400 and stores nothing', async (t) => {
  const user = await creator(api);
  for (let n = 0; n < 2; n++) t.equal((await send(EPISODE.path, user.accessToken, undefined, EPISODE)).status, 202);
  t.equal(await episodeCount(user.userId), 2);
  for (const bad of ['', 'has space', 'x'.repeat(256), 'é-not-ascii']) {
    const response = await api.request(EPISODE.path, { method: 'POST', token: user.accessToken, json: EPISODE.json, headers: { 'idempotency-key': bad } }).catch(() => undefined);
    if (!response) continue; // a header fetch itself refuses to send
    t.equal(response.status, 400, JSON.stringify(bad));
    t.match(await json(response), { success: false, error: 'Validation failed', message: /idempotency-key/ });
  }
  t.equal(await episodeCount(user.userId), 2);
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM idempotency_keys WHERE user_id = ${user.userId}`.execute(db);
  t.equal(rows[0]?.n, 0);
});

t.test('keys are per account: two users with one key each get their own effect', async (t) => {
  const [one, two] = [await creator(api), await creator(api)];
  const key = 'shared-key-1';
  t.equal((await send(EPISODE.path, one.accessToken, key, EPISODE)).status, 202);
  const other = await send(EPISODE.path, two.accessToken, key, EPISODE);
  t.equal(other.status, 202);
  t.equal(other.headers.get('idempotent-replayed'), null);
  t.same([await episodeCount(one.userId), await episodeCount(two.userId)], [1, 1]);
});

t.test('refusals a request earned once it ran are kept; invalid input, tier and quota refusals free the key', async (t) => {
  const user = await creator(api);
  // 404 from the service: replayed, even once the playlist would exist.
  const missing = { path: '/api/playlists/pl_missing/episodes', json: { episodeId: 'ep_missing' } };
  const notFound = await send(missing.path, user.accessToken, 'k-404', missing);
  t.equal(notFound.status, 404);
  const notFoundAgain = await send(missing.path, user.accessToken, 'k-404', missing);
  t.equal(notFoundAgain.status, 404);
  t.equal(notFoundAgain.headers.get('idempotent-replayed'), 'true', 'a 404 is kept');

  // 400 from the handler (both content and url): not kept.
  const both = { path: '/api/episodes', json: { content: 'Text', url: 'https://example.com/a', preset: 'quick' } };
  t.equal((await send(both.path, user.accessToken, 'k-400', both)).status, 400);
  const invalidAgain = await send(both.path, user.accessToken, 'k-400', both);
  t.equal(invalidAgain.status, 400);
  t.equal(invalidAgain.headers.get('idempotent-replayed'), null, 'a 400 is not kept');

  // 415 (a JSON body where a form is expected): invalid input, not kept.
  const notForm = { path: '/api/episodes/upload', json: { file: 'nope' } };
  t.equal((await send(notForm.path, user.accessToken, 'k-415', notForm)).status, 415);
  t.equal((await send(notForm.path, user.accessToken, 'k-415', notForm)).headers.get('idempotent-replayed'), null, 'a 415 is not kept');

  // 403 from the tier guard (before the handler): not kept, so the same key works after an upgrade.
  const free = await registerUser(api);
  const briefing = { path: '/api/briefings', json: { name: 'Later' } };
  t.equal((await send(briefing.path, free.accessToken, 'k-tier', briefing)).status, 403);
  await updateUserTier(db, free.email, 'creator');
  const upgraded = await send(briefing.path, free.accessToken, 'k-tier', briefing);
  t.equal(upgraded.status, 201, 'the same key runs once the tier allows it');
  t.equal(upgraded.headers.get('idempotent-replayed'), null);

  // 429 for the monthly quota: never kept, so a retry after an upgrade goes through.
  const quick = await registerUser(api);
  for (let n = 0; n < 3; n++) t.equal((await send(EPISODE.path, quick.accessToken, undefined, EPISODE)).status, 202);
  const overQuota = await send(EPISODE.path, quick.accessToken, 'k-429', EPISODE);
  t.equal(overQuota.status, 429);
  await updateUserTier(db, quick.email, 'creator');
  const afterUpgrade = await send(EPISODE.path, quick.accessToken, 'k-429', EPISODE);
  t.equal(afterUpgrade.status, 202);
  t.equal(afterUpgrade.headers.get('idempotent-replayed'), null);
  t.equal(await episodeCount(quick.userId), 4);
});

t.test('a retry while the first request runs is 409 with Retry-After; once it is done, the answer is replayed', async (t) => {
  const user = await creator(api);
  const release = await holdQuotaRow(db, user.userId);
  const first = send(EPISODE.path, user.accessToken, 'k-running', EPISODE);
  await waitForQuotaWaiters(db);
  const during = await send(EPISODE.path, user.accessToken, 'k-running', EPISODE);
  t.equal(during.status, 409);
  t.equal(during.headers.get('retry-after'), '1');
  t.match(await json(during), { success: false, error: 'Idempotency key in use' });
  await release();
  const done = await first;
  t.equal(done.status, 202);
  const after = await send(EPISODE.path, user.accessToken, 'k-running', EPISODE);
  t.equal(after.status, 202);
  t.equal(after.headers.get('idempotent-replayed'), 'true');
  t.equal(await episodeCount(user.userId), 1);
});

t.test('the answer is stored in the effect transaction: when storing it fails, the effect is rolled back and the key freed', async (t) => {
  const user = await creator(api);
  await sql`CREATE FUNCTION refuse_completion() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the answer could not be stored'; END $$`.execute(db);
  await sql`CREATE TRIGGER refuse_completion BEFORE UPDATE ON idempotency_keys FOR EACH ROW WHEN (NEW.state = 'completed') EXECUTE FUNCTION refuse_completion()`.execute(db);
  const failed = await send(EPISODE.path, user.accessToken, 'k-atomic', EPISODE);
  t.equal(failed.status, 500);
  t.equal(await episodeCount(user.userId), 0, 'no episode without its stored answer');
  const { rows } = await sql<{ n: number }>`SELECT coalesce(sum(episodes_created), 0)::int AS n FROM usage_monthly WHERE user_id = ${user.userId}`.execute(db);
  t.equal(rows[0]?.n, 0, 'no quota used');
  await sql`DROP TRIGGER refuse_completion ON idempotency_keys`.execute(db);
  await sql`DROP FUNCTION refuse_completion()`.execute(db);
  const retried = await send(EPISODE.path, user.accessToken, 'k-atomic', EPISODE);
  t.equal(retried.status, 202, 'the key was freed: the retry runs');
  t.equal(retried.headers.get('idempotent-replayed'), null);
  t.equal(await episodeCount(user.userId), 1);
});

/** The claim a request that died would have left: in progress, lease lapsed, the same request's hash. */
async function abandonedClaim(userId: string, key: string, path: string, body: unknown, fields: { recovery_point?: string; leaseLapsed?: boolean } = {}) {
  const { jsonBodyDigest } = await import('@castwright/api/idempotency/request-fingerprint');
  await sql`
    INSERT INTO idempotency_keys (user_id, key, request_hash, method, path, claim_token, leased_until, recovery_point)
    VALUES (${userId}, ${key}, ${requestFingerprint('POST', path, jsonBodyDigest(body))}, 'POST', ${path}, ${randomUUID()},
            ${fields.leaseLapsed === false ? sql`now() + interval '1 minute'` : sql`now() - interval '1 second'`}, ${fields.recovery_point ?? null})`.execute(db);
}

t.test('a claim whose holder died is taken over once its lease lapsed, and the request runs once', async (t) => {
  const user = await creator(api);
  await abandonedClaim(user.userId, 'k-alive', EPISODE.path, EPISODE.json, { leaseLapsed: false });
  t.equal((await send(EPISODE.path, user.accessToken, 'k-alive', EPISODE)).status, 409, 'a live lease: still in progress');
  await abandonedClaim(user.userId, 'k-dead', EPISODE.path, EPISODE.json);
  const taken = await send(EPISODE.path, user.accessToken, 'k-dead', EPISODE);
  t.equal(taken.status, 202, 'a lapsed lease: taken over');
  const replay = await send(EPISODE.path, user.accessToken, 'k-dead', EPISODE);
  t.equal(replay.headers.get('idempotent-replayed'), 'true');
  t.equal(await episodeCount(user.userId), 1);
});

t.test('a slow holder whose claim was taken over does nothing: its effect rolls back with the failed completion', async (t) => {
  const user = await creator(api);
  const release = await holdQuotaRow(db, user.userId);
  const slow = send(EPISODE.path, user.accessToken, 'k-slow', EPISODE);
  await waitForQuotaWaiters(db);
  // The holder looks dead (its lease lapsed); a retry takes the claim over and waits too.
  await sql`UPDATE idempotency_keys SET leased_until = now() - interval '1 second' WHERE user_id = ${user.userId} AND key = 'k-slow'`.execute(db);
  const retry = send(EPISODE.path, user.accessToken, 'k-slow', EPISODE);
  await waitForQuotaWaiters(db, 2);
  await release();
  const answers = [await slow, await retry];
  t.same(answers.map((answer) => answer.status).sort(), [202, 409], 'the holder of the current claim succeeds, the other is told 409');
  t.equal(await episodeCount(user.userId), 1, 'one episode');
  const { rows } = await sql<{ n: number }>`SELECT coalesce(sum(episodes_created), 0)::int AS n FROM usage_monthly WHERE user_id = ${user.userId}`.execute(db);
  t.equal(rows[0]?.n, 1, 'one quota unit');
});

t.test('a test delivery whose request died after recording its event is resumed by the retry: no second event', async (t) => {
  const user = await creator(api, 'enterprise');
  const context = contextFor(t, user);
  await context.startGeneralWorker();
  const created = await json(await context.call('/api/webhooks', { method: 'POST', json: { url: `${receiver.url}?resume` } }));
  const webhookId = (created.webhook as { id: string }).id;
  const path = `/api/webhooks/${webhookId}/test`;
  // What the dead attempt committed: the event, its job, and its checkpoint.
  const eventId = newId('webhookEvent');
  await db.transaction().execute(async (trx) => {
    await insertWebhookEvent(trx, { id: eventId, webhook_id: webhookId, event: 'webhook.test', episode_id: null, body: JSON.stringify({ event: 'webhook.test', id: eventId }) });
    await addJob(trx, 'webhook:deliver', { eventId, attempt: 1 }, { account: user.userId, fair: true });
  });
  await abandonedClaim(user.userId, 'k-resume', path, undefined, { recovery_point: eventId });
  const resumed = await send(path, user.accessToken, 'k-resume');
  t.equal(resumed.status, 200);
  t.match(await json(resumed), { success: true, delivery: { eventId, statusCode: 200, success: true } });
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM webhook_events WHERE webhook_id = ${webhookId}`.execute(db);
  t.equal(rows[0]?.n, 1, 'the recorded event was delivered, no other');
  t.equal((await send(path, user.accessToken, 'k-resume')).headers.get('idempotent-replayed'), 'true');
});

t.test('checkout passes Stripe a key of its own, derived from this request', async (t) => {
  const user = await creator(api);
  const body = { path: '/api/billing/create-checkout', json: { tier: 'professional', successUrl: 'https://app.example.com/ok', cancelUrl: 'https://app.example.com/no' } };
  t.equal((await send(body.path, user.accessToken, 'k-stripe', body)).status, 200);
  const made = stripe.requestsTo('POST', '/v1/checkout/sessions').filter((request) => (request.body.client_reference_id as string) === user.userId);
  t.equal(made.length, 1);
  t.match(made[0]?.idempotencyKey, /^castwright-checkout-[A-Za-z0-9_-]{43}$/);
});
