// Idempotency-Key across api replicas, with real `castwright api` processes sharing one
// database: for every POST that takes a key, three first requests with one key sent at
// once, one to each process, make one effect; the others are told 409 or given the kept
// answer. And a process killed (SIGKILL) while its request was inside its effect
// transaction: nothing was done, the claim stays in progress until its lease lapses
// (moved along in the database), then a retry on another process runs it once.
import t from 'tap';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Agent, fetch } from 'undici';
import { startFakeStripe } from '#test-helpers/fake-stripe';
import { freePort } from '#test-helpers/free-port';
import { added, IDEMPOTENT_POSTS, postContext, postInit, type PostRequest } from '#test-helpers/idempotent-posts';
import { holdQuotaRow, waitForQuotaWaiters } from '#test-helpers/quota-lock';
import { startRoleProcess, type RoleProcess } from '#test-helpers/role-process';
import { creator, startTestApi } from '#test-helpers/test-api';
import { startWebhookReceiver, trustReceivers } from '#test-helpers/webhook-receiver';

t.setTimeout(600_000);
await trustReceivers();
const stripe = await startFakeStripe(t);
const env = { ...stripe.env, OUTBOUND_ALLOW_PRIVATE: '1' };
// The in-process api sets things up; DATA_DIR is shared, so every process seals answers with one key.
const api = await startTestApi(t, env);
const db = api.database.db;
const receiver = await startWebhookReceiver(t);
const ports = [await freePort(), await freePort(), await freePort()];
const replicas: RoleProcess[] = ports.map((port) =>
  startRoleProcess(t, ['api'], { ...env, DATABASE_URL: api.database.url, DATA_DIR: api.config.dataDir, PORT: String(port) }),
);
await Promise.all(replicas.map((replica) => replica.waitForLog((line) => /api listening/.test(String(line.msg)))));
const agent = new Agent({ connect: { rejectUnauthorized: false } });
t.teardown(() => agent.close());

async function sendTo(replica: number, request: PostRequest, token: string, key: string) {
  const response = await fetch(`https://127.0.0.1:${ports[replica]}${request.path}`, { ...postInit(request, token, key), dispatcher: agent });
  return { status: response.status, replayed: response.headers.get('idempotent-replayed'), body: await response.text() };
}

for (const [operation, prepare] of Object.entries(IDEMPOTENT_POSTS)) {
  t.test(`${operation}: three first requests with one key on three api processes make one effect`, async (t) => {
    const user = await creator(api, 'enterprise');
    const row = await prepare(postContext(t, api, user, { receiverUrl: receiver.url, stripe }));
    const key = randomUUID();
    const before = await row.effects();
    const answers = await Promise.all([0, 1, 2].map((replica) => sendTo(replica, row.request, user.accessToken, key)));
    t.same(added(before, await row.effects()), row.once, `one effect (answers: ${answers.map((answer) => `${answer.status}${answer.replayed ? ' replayed' : ''}`).join(', ')})`);
    const firsts = answers.filter((answer) => answer.status === row.status && answer.replayed === null);
    t.equal(firsts.length, 1, 'one request did it');
    for (const answer of answers.filter((candidate) => candidate !== firsts[0])) {
      if (answer.status === 409) t.match(JSON.parse(answer.body), { error: 'Idempotency key in use' }, 'another was told it is in progress');
      else t.same(answer, { ...firsts[0], replayed: 'true' }, 'another got the kept answer');
    }
    // Every process now gives the kept answer.
    for (const replica of [0, 1, 2]) t.same(await sendTo(replica, row.request, user.accessToken, key), { ...firsts[0], replayed: 'true' });
  });
}

t.test('an api process killed inside its effect transaction: nothing done, and after its lease a retry elsewhere runs once', async (t) => {
  const user = await creator(api);
  const request = { path: '/api/episodes', json: { content: 'Puffins nest in burrows on sea cliffs.', preset: 'quick' } };
  const count = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM episodes WHERE user_id = ${user.userId}`.execute(db)).rows[0]?.n;
  const victimPort = await freePort();
  const victim = startRoleProcess(t, ['api'], { ...env, DATABASE_URL: api.database.url, DATA_DIR: api.config.dataDir, PORT: String(victimPort) });
  await victim.waitForLog((line) => /api listening/.test(String(line.msg)));

  const release = await holdQuotaRow(db, user.userId);
  const lost = fetch(`https://127.0.0.1:${victimPort}${request.path}`, { ...postInit(request, user.accessToken, 'k-killed'), dispatcher: agent }).catch((error: unknown) => error);
  await waitForQuotaWaiters(db);
  victim.signal('SIGKILL');
  await victim.exited;
  await release();
  t.type(await lost, Error, 'the client never got an answer');
  t.equal(await count(), 0, 'the killed transaction took nothing with it');

  const early = await sendTo(0, request, user.accessToken, 'k-killed');
  t.equal(early.status, 409, 'while the dead claim is leased, a retry is told it is in progress');
  await sql`UPDATE idempotency_keys SET leased_until = now() - interval '1 second' WHERE user_id = ${user.userId} AND key = 'k-killed'`.execute(db);
  const retried = await sendTo(1, request, user.accessToken, 'k-killed');
  t.equal(retried.status, 202, 'the lapsed claim is taken over');
  t.equal(retried.replayed, null);
  t.equal(await count(), 1, 'one episode');
  t.same(await sendTo(2, request, user.accessToken, 'k-killed'), { ...retried, replayed: 'true' });
});
