// What a user has used: this month's quota, monthly usage records, and totals.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { countEpisodes, selectMonthlyUsage, selectUsageTotals } from '@castwright/core/repositories/usage-reports';
import { quotaView, usageRecordView } from './user-views.ts';

export async function readQuota(db: Db, user: UserRow) {
  const [thisMonth] = await selectMonthlyUsage(db, user.id, 1);
  return quotaView(user, thisMonth?.episodes_created ?? 0);
}

/** The last `months` months, newest first, months without activity included as zeros. */
export async function readUsage(db: Db, user: UserRow, months: number) {
  const rows = await selectMonthlyUsage(db, user.id, months);
  const current = rows[0];
  return {
    usage: rows.map(usageRecordView),
    thisMonth: { episodes_created: current?.episodes_created ?? 0, total_audio_duration: current?.total_audio_duration ?? 0 },
  };
}

export async function readStats(db: Db, user: UserRow) {
  const [counts, totals, quota] = await Promise.all([countEpisodes(db, user.id), selectUsageTotals(db, user.id), readQuota(db, user)]);
  return {
    totalEpisodes: counts.total,
    completedEpisodes: counts.completed,
    totalCost: totals.costTotal,
    currentMonth: { episodesUsed: quota.episodesUsed, episodesLimit: quota.episodesLimit, quotaPercentage: quota.quotaPercentage },
  };
}
