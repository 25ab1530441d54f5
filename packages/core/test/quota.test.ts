import t from 'tap';
import { countEpisodeAgainstQuota, upsertEpisodeUsage } from '@castwright/core/repositories/usage';
import { monthOf } from '@castwright/core/usage-month';
import { createTestDatabase } from '#test-helpers/test-database';

t.test('monthOf is the first day of the UTC month', async (t) => {
  t.equal(monthOf(new Date('2026-03-31T23:59:59Z')), '2026-03-01');
  t.equal(monthOf(new Date('2026-12-01T00:00:00Z')), '2026-12-01');
});

t.test('twenty concurrent counts against a free quota count exactly three', async (t) => {
  const { db } = await createTestDatabase(t);
  const userId = '00000000-0000-0000-0000-0000000000aa';
  await db.insertInto('users').values({ id: userId, email: 'q@example.com', password_hash: 'x' }).execute();
  const outcomes = await Promise.all(
    Array.from({ length: 20 }, () => db.transaction().execute((trx) => countEpisodeAgainstQuota(trx, userId, 'free'))),
  );
  t.equal(outcomes.filter((outcome) => outcome.kind === 'counted').length, 3);
  t.same(outcomes.filter((outcome) => outcome.kind === 'exceeded')[0]?.quota, { tier: 'free', used: 3, limit: 3, remaining: 0 });
  const row = await db.selectFrom('usage_monthly').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
  t.equal(row.episodes_created, 3);
});

t.test('finished episodes add their audio, characters and cost to the month they were created in', async (t) => {
  const { db } = await createTestDatabase(t);
  const userId = '00000000-0000-0000-0000-0000000000bb';
  await db.insertInto('users').values({ id: userId, email: 'u@example.com', password_hash: 'x' }).execute();
  const createdAt = new Date('2026-02-27T10:00:00Z');
  for (const audioSeconds of [60, 90]) {
    await db.transaction().execute((trx) => upsertEpisodeUsage(trx, { userId, createdAt, audioSeconds, characters: 1000, cost: 0.25 }));
  }
  const row = await db.selectFrom('usage_monthly').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
  t.match(row, { month: '2026-02-01', total_audio_duration: 150, total_characters: 2000, cost_total: '0.5000', episodes_created: 0 });
});
