// The general worker forgets idempotency keys past their 24 hours: the hourly
// maintenance:idempotency-keys job (run here at once through a real runner) deletes the
// keys whose creation time, moved back in the database, is older than that, and keeps
// the rest.
import t from 'tap';
import { sql } from 'kysely';
import { addJob, SYSTEM_ACCOUNT } from '@castwright/core/jobs';
import { MAINTENANCE_CRONTAB } from '@castwright/worker/tasks/maintenance';
import { waitForJobs } from '#test-helpers/job-queue';
import { creator, startTestApi } from '#test-helpers/test-api';

const api = await startTestApi(t);
await api.startWorkers('general');
const db = api.database.db;

t.test('expired keys are deleted, current ones kept; the job is on the crontab', async (t) => {
  t.match(MAINTENANCE_CRONTAB, /^\S+ \S+ \S+ \S+ \S+ maintenance:idempotency-keys$/m);
  const user = await creator(api);
  for (const key of ['old-one', 'old-two', 'fresh']) {
    const response = await api.request('/api/playlists', { method: 'POST', token: user.accessToken, json: { name: key }, headers: { 'idempotency-key': key } });
    t.equal(response.status, 201);
  }
  await sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE user_id = ${user.userId} AND key LIKE 'old-%'`.execute(db);
  await sql`UPDATE idempotency_keys SET created_at = now() - interval '23 hours' WHERE user_id = ${user.userId} AND key = 'fresh'`.execute(db);
  await addJob(db, 'maintenance:idempotency-keys', {}, { account: SYSTEM_ACCOUNT, fair: true });
  await waitForJobs(db, 'maintenance:idempotency-keys');
  const left = await sql<{ key: string }>`SELECT key FROM idempotency_keys WHERE user_id = ${user.userId} ORDER BY key`.execute(db);
  t.same(left.rows.map((row) => row.key), ['fresh']);
  const replay = await api.request('/api/playlists', { method: 'POST', token: user.accessToken, json: { name: 'fresh' }, headers: { 'idempotency-key': 'fresh' } });
  t.equal(replay.headers.get('idempotent-replayed'), 'true', 'a key within its day still replays');
});
