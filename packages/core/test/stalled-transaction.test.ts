// A pool made with idleInTransactionTimeoutMs (the workers' pools, bound to the liveness
// bound): a session that stalls inside a transaction (its process paused between two
// statements) loses it after the bound, so the row it locked is free for the session that
// takes its work over, and its own changes are rolled back.
import t from 'tap';
import { sql } from 'kysely';
import { createDb } from '@castwright/core/db/connect';
import { createTestDatabase } from '#test-helpers/test-database';

t.test('a transaction left idle past the bound is ended and its row lock released', async (t) => {
  const { url, db } = await createTestDatabase(t);
  await sql`CREATE TABLE stalled_rows (id int PRIMARY KEY, holder text NOT NULL)`.execute(db);
  await sql`INSERT INTO stalled_rows VALUES (1, 'nobody')`.execute(db);
  const stalled = createDb(url, { max: 1, idleInTransactionTimeoutMs: 500 });
  t.teardown(() => stalled.destroy());

  let lockTaken!: () => void;
  const locked = new Promise<void>((resolve) => (lockTaken = resolve));
  let otherDone!: () => void;
  const taken = new Promise<void>((resolve) => (otherDone = resolve));
  const stalledWork = stalled.transaction().execute(async (trx) => {
    await sql`UPDATE stalled_rows SET holder = 'stalled' WHERE id = 1`.execute(trx);
    lockTaken();
    // Stalls between two statements until the other session got the row.
    await taken;
    await sql`SELECT 1`.execute(trx);
  });
  await locked;
  // The other session waits on the row lock (a bounded wait, so a broken bound fails here instead of hanging).
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL lock_timeout = '30s'`.execute(trx);
    await sql`UPDATE stalled_rows SET holder = 'other' WHERE id = 1`.execute(trx);
  });
  otherDone();
  await t.rejects(stalledWork, 'the stalled session lost its transaction');
  const row = await sql<{ holder: string }>`SELECT holder FROM stalled_rows WHERE id = 1`.execute(db);
  t.equal(row.rows[0]?.holder, 'other', "the other session's change stands; the stalled one's was rolled back");
});

t.test('without the bound the same stall holds the lock', async (t) => {
  const { url, db } = await createTestDatabase(t);
  await sql`CREATE TABLE stalled_rows (id int PRIMARY KEY, holder text NOT NULL)`.execute(db);
  await sql`INSERT INTO stalled_rows VALUES (1, 'nobody')`.execute(db);
  const unbounded = createDb(url, { max: 1 });
  t.teardown(() => unbounded.destroy());
  let lockTaken!: () => void;
  const locked = new Promise<void>((resolve) => (lockTaken = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const stalledWork = unbounded.transaction().execute(async (trx) => {
    await sql`UPDATE stalled_rows SET holder = 'stalled' WHERE id = 1`.execute(trx);
    lockTaken();
    await released;
  });
  await locked;
  await t.rejects(
    db.transaction().execute(async (trx) => {
      await sql`SET LOCAL lock_timeout = '1500ms'`.execute(trx);
      await sql`UPDATE stalled_rows SET holder = 'other' WHERE id = 1`.execute(trx);
    }),
    { message: /lock timeout/ },
    'the row stays locked past the same wait',
  );
  release();
  await stalledWork;
});
