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
