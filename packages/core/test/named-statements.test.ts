// The hot statements run prepared by name (parsed and planned once per connection), other
// statements unnamed as before, and a named statement that a migration made stale is
// prepared again instead of failing every request on that connection.
import { randomUUID } from 'node:crypto';
import t from 'tap';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb, type Db } from '@castwright/core/db/connect';
import { nameStatement } from '@castwright/core/db/named-statements';
import { selectEpisodeWithDetail } from '@castwright/core/repositories/episodes';
import { upsertUserHits } from '@castwright/core/repositories/metered-users';
import { createTestDatabase } from '#test-helpers/test-database';

/** The statements prepared on the pool's one connection, by name. */
async function preparedNames(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM pg_prepared_statements ORDER BY name`.execute(db);
  return rows.map((row) => row.name);
}

t.test("the episode read and the callers' metering are prepared once per connection; other statements are not", async (t) => {
  const { url } = await createTestDatabase(t);
  const db = createDb(url, { max: 1 });
  t.teardown(() => db.destroy());
  t.same(await preparedNames(db), [], 'nothing is prepared on a new connection');
  const window = { windowStart: new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000), windowMs: 3_600_000 };
  for (let round = 0; round < 3; round++) {
    t.equal(await selectEpisodeWithDetail(db, 'ep_missing'), undefined);
    const userId = randomUUID();
    t.equal((await upsertUserHits(db, window, [{ userId, key: `requests:${userId}`, hits: 1 }])).size, 0, 'no such user');
    await sql`SELECT count(*) FROM episodes`.execute(db);
  }
  t.same(await preparedNames(db), ['episode-with-detail', 'metered-users'], 'the two hot statements, each prepared once; the count unnamed');
});

t.test('a named statement made stale by a migration is prepared again, not failed', async (t) => {
  const { url } = await createTestDatabase(t);
  const db = createDb(url, { max: 1 });
  t.teardown(() => db.destroy());
  await sql`CREATE TABLE stations (id int PRIMARY KEY, name text NOT NULL)`.execute(db);
  await sql`INSERT INTO stations VALUES (1, 'Tide gauge')`.execute(db);
  const station = (id: number) => {
    const query = db.selectFrom(sql<{ id: number; name: string }>`stations`.as('stations')).selectAll().where('id', '=', id);
    nameStatement('station-by-id', () => query.compile().sql);
    return query.executeTakeFirst();
  };
  t.same(await station(1), { id: 1, name: 'Tide gauge' });
  t.same(await preparedNames(db), ['station-by-id']);

  // What a migration that adds a column does to a statement prepared over `*`, shown with pg alone.
  const plain = new pg.Client({ connectionString: url });
  await plain.connect();
  t.teardown(() => plain.end());
  const byName = { name: 'plain-station', text: 'SELECT * FROM stations WHERE id = $1', values: [1] };
  await plain.query(byName);

  await sql`ALTER TABLE stations ADD COLUMN depth_m real`.execute(db);
  await t.rejects(plain.query(byName), { code: '0A000', message: /cached plan must not change result type/ }, 'the plain named statement fails after the migration');
  t.same(await station(1), { id: 1, name: 'Tide gauge', depth_m: null }, 'the marked one is prepared again and answers with the new column');
  t.same(await station(1), { id: 1, name: 'Tide gauge', depth_m: null }, 'and goes on answering');
  const names = await preparedNames(db);
  t.equal(names.length, 2, 'the stale statement and its replacement');
  t.match(names.at(-1), /^station-by-id~/, 'the replacement has a new name');
});
