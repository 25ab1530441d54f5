// A pool made with idleInTransactionTimeoutMs (the workers' pools, bound to the liveness
// bound): a session that stalls inside a transaction (its process paused between two
// statements) loses it after the bound, so the row it locked is free for the session that
// takes its work over, and its own changes are rolled back.
import t, { type Test } from 'tap';
import { sql } from 'kysely';
import { createDb, type PoolOptions } from '@castwright/core/db/connect';
import { createTestDatabase } from '#test-helpers/test-database';

/**
 * A row locked by a transaction on a pool made with `options`, stalled between two
 * statements until `resume()`; `stalledWork` settles as that transaction does.
 */
async function stalledLock(t: Test, options: PoolOptions) {
  const { url, db } = await createTestDatabase(t);
  await sql`CREATE TABLE stalled_rows (id int PRIMARY KEY, holder text NOT NULL)`.execute(db);
  await sql`INSERT INTO stalled_rows VALUES (1, 'nobody')`.execute(db);
  const stalled = createDb(url, { max: 1, ...options });
  t.teardown(() => stalled.destroy());
  const locked = Promise.withResolvers<void>();
  const resumed = Promise.withResolvers<void>();
  const stalledWork = stalled.transaction().execute(async (trx) => {
    await sql`UPDATE stalled_rows SET holder = 'stalled' WHERE id = 1`.execute(trx);
    locked.resolve();
    await resumed.promise;
    await sql`SELECT 1`.execute(trx);
  });
  await locked.promise;
  /** The other session's update of the locked row, waiting on the lock at most `lockTimeout`. */
  const takeRow = (lockTimeout: string) =>
    db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('lock_timeout', ${lockTimeout}, true)`.execute(trx);
      await sql`UPDATE stalled_rows SET holder = 'other' WHERE id = 1`.execute(trx);
    });
  return { db, stalledWork, resume: () => resumed.resolve(), takeRow };
}

t.test('a transaction left idle past the bound is ended and its row lock released', async (t) => {
  const { db, stalledWork, resume, takeRow } = await stalledLock(t, { idleInTransactionTimeoutMs: 500 });
  // A bounded wait, so a broken bound fails here instead of hanging.
  await takeRow('30s');
  resume();
  await t.rejects(stalledWork, 'the stalled session lost its transaction');
  const row = await sql<{ holder: string }>`SELECT holder FROM stalled_rows WHERE id = 1`.execute(db);
  t.equal(row.rows[0]?.holder, 'other', "the other session's change stands; the stalled one's was rolled back");
});

t.test('without the bound the same stall holds the lock', async (t) => {
  const { stalledWork, resume, takeRow } = await stalledLock(t, {});
  await t.rejects(takeRow('1500ms'), { message: /lock timeout/ }, 'the row stays locked past the same wait');
  resume();
  await stalledWork;
});
