import t from 'tap';
import { sql } from 'kysely';
import { migrateToLatest } from '@castwright/core/db/migrate';
import { createTestDatabase } from '#test-helpers/test-database';

t.test('the template is fully migrated, and migrating again applies nothing', async (t) => {
  const { db } = await createTestDatabase(t);
  t.same(await migrateToLatest(db), { applied: [] });
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`.execute(db);
  for (const table of ['api_keys', 'episodes', 'playlist_episodes', 'playlist_feeds', 'playlists', 'refresh_tokens', 'transcript_segments', 'usage_monthly', 'users']) {
    t.ok(tables.rows.some((row) => row.table_name === table), table);
  }
});

t.test('constraints protect stored data from bad values', async (t) => {
  const { db } = await createTestDatabase(t);
  await t.rejects(
    db.insertInto('users').values({ id: '00000000-0000-0000-0000-000000000001', email: 'Upper@Example.com', password_hash: 'x' }).execute(),
    /users_email_lowercase/,
  );
  await t.rejects(
    sql`INSERT INTO users (id, email, password_hash, tier) VALUES (gen_random_uuid(), 'a@b.c', 'x', 'platinum')`.execute(db),
    /check constraint/,
  );
});

t.test('0015: runs from before get a job id of their own; idempotency keys must be visible ASCII', async (t) => {
  const { db } = await createTestDatabase(t);
  const migration = await import('@castwright/core/db/migrations/0015-idempotency-keys');
  await migration.down(db);
  const user = '00000000-0000-0000-0000-000000000016';
  await sql`INSERT INTO users (id, email, password_hash) VALUES (${user}, 'runs@example.com', 'x')`.execute(db);
  await sql`INSERT INTO briefing_configs (id, user_id, name, template_type, preset, host_mode, schedule_frequency, schedule_time, schedule_timezone)
            VALUES ('br_old', ${user}, 'Old', 'general', 'quick', 'single', 'daily', '07:00:00', 'UTC')`.execute(db);
  await sql`INSERT INTO briefing_runs (id, briefing_id, run_type, status)
            VALUES ('run_AAAAAAAAAAAAAAAAAAAAAA', 'br_old', 'manual', 'completed'), ('run_BBBBBBBBBBBBBBBBBBBBBB', 'br_old', 'scheduled', 'queued')`.execute(db);
  await migration.up(db);
  const runs = await sql<{ id: string; job_id: string }>`SELECT id, job_id FROM briefing_runs ORDER BY id`.execute(db);
  t.same(runs.rows, [
    { id: 'run_AAAAAAAAAAAAAAAAAAAAAA', job_id: 'job_AAAAAAAAAAAAAAAAAAAAAA' },
    { id: 'run_BBBBBBBBBBBBBBBBBBBBBB', job_id: 'job_BBBBBBBBBBBBBBBBBBBBBB' },
  ]);
  await t.rejects(
    sql`INSERT INTO idempotency_keys (user_id, key, request_hash, method, path, claim_token, leased_until) VALUES (${user}, 'has space', 'h', 'POST', '/x', 't', now())`.execute(db),
    /check constraint/,
  );
});
