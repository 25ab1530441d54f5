// Monthly usage records, and the race-free quota check that counts an episode.
import { sql } from 'kysely';
import type { Trx } from '../db/connect.ts';
import { TIER_LIMITS, type Tier } from '../tiers.ts';
import { monthOf } from '../usage-month.ts';

export interface QuotaSnapshot {
  tier: Tier;
  used: number;
  /** null when the tier is unlimited. */
  limit: number | null;
  remaining: number | null;
}

export type QuotaOutcome = { kind: 'counted'; quota: QuotaSnapshot } | { kind: 'exceeded'; quota: QuotaSnapshot };

/**
 * Counts one episode against the user's monthly quota, or refuses. The month's usage
 * row is upserted and locked, so concurrent creations by one user queue up here and
 * can never over-use the quota. Must run inside the transaction that inserts the episode.
 */
export async function countEpisodeAgainstQuota(trx: Trx, userId: string, tier: Tier, now = new Date()): Promise<QuotaOutcome> {
  const month = monthOf(now);
  await trx
    .insertInto('usage_monthly')
    .values({ user_id: userId, month })
    .onConflict((conflict) => conflict.columns(['user_id', 'month']).doNothing())
    .execute();
  const row = await trx
    .selectFrom('usage_monthly')
    .select('episodes_created')
    .where('user_id', '=', userId)
    .where('month', '=', month)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const limit = TIER_LIMITS[tier].episodesPerMonth;
  const snapshot = (used: number): QuotaSnapshot => ({
    tier,
    used,
    limit,
    remaining: limit === null ? null : Math.max(0, limit - used),
  });
  if (limit !== null && row.episodes_created >= limit) return { kind: 'exceeded', quota: snapshot(row.episodes_created) };
  await trx
    .updateTable('usage_monthly')
    .set({ episodes_created: sql`episodes_created + 1` })
    .where('user_id', '=', userId)
    .where('month', '=', month)
    .execute();
  return { kind: 'counted', quota: snapshot(row.episodes_created + 1) };
}

/** Adds a finished episode's audio length and characters to the month it was created in. */
export async function upsertEpisodeUsage(
  trx: Trx,
  usage: { userId: string; createdAt: Date; audioSeconds: number; characters: number; cost: number },
): Promise<void> {
  await trx
    .insertInto('usage_monthly')
    .values({
      user_id: usage.userId,
      month: monthOf(usage.createdAt),
      total_audio_duration: usage.audioSeconds,
      total_characters: usage.characters,
      cost_total: usage.cost,
    })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'month']).doUpdateSet({
        total_audio_duration: sql`usage_monthly.total_audio_duration + excluded.total_audio_duration`,
        total_characters: sql`usage_monthly.total_characters + excluded.total_characters`,
        cost_total: sql`usage_monthly.cost_total + excluded.cost_total`,
      }),
    )
    .execute();
}
