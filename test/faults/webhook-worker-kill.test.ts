// A general worker killed (SIGKILL) while a delivery waits on a slow receiver: after the
// liveness bound another worker delivers the event, with the same webhook-id and body.
// The killed attempt is not lost: it stays recorded (success false, "stopped before an
// answer was recorded") and does not count against the event's four attempts.
import t from 'tap';
import { sql } from 'kysely';
import { finishEpisode } from '@castwright/core/episode-outcome';
import { insertEpisodes } from '#test-helpers/episode-rows';
import { startRoleProcess, type RoleProcess } from '#test-helpers/role-process';
import { creator, json, startTestApi } from '#test-helpers/test-api';
import { receiverCaFile, startWebhookReceiver, verifyDelivery } from '#test-helpers/webhook-receiver';
import { until } from '#test-helpers/until';
import { untilSweepersJudge } from '#test-helpers/liveness';

t.setTimeout(300_000);

const LIVENESS = { WORKER_HEARTBEAT_MS: '300', WORKER_DEAD_AFTER_MS: '2000' };
const DEAD_AFTER_MS = 2000;
const api = await startTestApi(t, { ...LIVENESS, OUTBOUND_ALLOW_PRIVATE: '1' });
const db = api.database.db;
const workerEnv = {
  DATABASE_URL: api.database.url,
  DATA_DIR: api.config.dataDir,
  OUTBOUND_ALLOW_PRIVATE: '1',
  // The receiver's certificate, trusted the way an operator adds a private CA.
  NODE_EXTRA_CA_CERTS: await receiverCaFile(),
  ...LIVENESS,
};

async function holderOf(eventId: string): Promise<number | undefined> {
  const { rows } = await sql<{ pid: number | null }>`
    SELECT beats.pid FROM graphile_worker._private_jobs AS jobs
    LEFT JOIN worker_heartbeats AS beats ON beats.worker_id = jobs.locked_by
    WHERE jobs.payload->>'eventId' = ${eventId} AND jobs.locked_by IS NOT NULL`.execute(db);
  return rows[0]?.pid ?? undefined;
}

t.test('SIGKILL of the general worker mid-delivery: delivered after the bound by another, webhook-id unchanged', async (t) => {
  const user = await creator(api, 'enterprise');
  // The first request hangs (the worker is killed while it waits); later ones are answered.
  const receiver = await startWebhookReceiver(t, (_request, index) => (index === 0 ? { status: 200, delayMs: 60_000 } : { status: 200 }));
  const created = await json(await api.request('/api/webhooks', { method: 'POST', token: user.accessToken, json: { url: receiver.url } }));
  const { id: webhookId, secret } = created.webhook as { id: string; secret: string };

  const workers: RoleProcess[] = [startRoleProcess(t, ['worker', '--role', 'general'], workerEnv), startRoleProcess(t, ['worker', '--role', 'general'], workerEnv)];
  await Promise.all(workers.map((worker) => worker.waitForLog((line) => /worker started$/.test(String(line.msg)))));
  // Sweepers judge others only after beating on time for a whole bound themselves.
  await untilSweepersJudge(db, workers.map((process) => process.pid), DEAD_AFTER_MS);

  const [episodeId] = await insertEpisodes(db, user.userId, 1, { status: 'generating_audio' });
  await db.transaction().execute((trx) =>
    finishEpisode(trx, episodeId as string, { status: 'ready', progressPercent: 100, from: ['generating_audio'], set: { audio_key: 'episodes/x/audio-1.mp3', audio_duration_ms: 5000 } }, { publicBaseUrl: api.baseUrl, fair: true }),
  );
  const [first] = await receiver.waitForRequests(1);
  const eventId = first?.headers['webhook-id'] as string;
  const pid = await holderOf(eventId);
  const victim = workers.find((worker) => worker.pid === pid);
  t.ok(victim, `a general worker process (pid ${pid}) holds the delivery while the receiver keeps it waiting`);
  const killedAt = Date.now();
  victim?.signal('SIGKILL');

  const [, second] = await receiver.waitForRequests(2, 60_000);
  t.comment(`delivered again ${Date.now() - killedAt} ms after the SIGKILL (liveness bound ${DEAD_AFTER_MS} ms)`);
  t.equal(second?.headers['webhook-id'], eventId, 'the same webhook-id, so the receiver can de-duplicate');
  t.equal(second?.body, first?.body, 'the same body');
  t.match(verifyDelivery(second!, secret), { event: 'episode.completed', data: { episode: { id: episodeId } } });

  await until('the event to settle', async () => {
    const event = await db.selectFrom('webhook_events').select(['status']).where('id', '=', eventId).executeTakeFirst();
    return event?.status !== 'pending';
  }, 60_000, 100);
  t.match(await db.selectFrom('webhook_events').select(['status', 'attempts_counted', 'attempts_interrupted']).where('id', '=', eventId).executeTakeFirst(), {
    status: 'delivered',
    attempts_counted: 1,
    attempts_interrupted: 1,
  }, 'the interrupted attempt does not count against the four');
  const deliveries = (await json(await api.request(`/api/webhooks/${webhookId}/deliveries`, { token: user.accessToken }))).deliveries.reverse();
  t.match(deliveries, [
    { eventId, attemptNumber: 1, success: false, statusCode: null, error: 'The worker sending this attempt stopped before an answer was recorded' },
    { eventId, attemptNumber: 2, success: true, statusCode: 200, error: null },
  ], 'both attempts are on record');
  t.equal(deliveries.length, 2);
  for (const worker of workers) if (worker !== victim) worker.signal('SIGTERM');
  await Promise.all(workers.map((worker) => worker.exited));
});
