// How a user and their quota look in API responses.
import type { UserRow } from '@castwright/core/db/schema';
import { TIER_LIMITS } from '@castwright/core/tiers';

export function userView(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    bio: user.bio,
    avatarUrl: user.avatar_url,
    tier: user.tier,
    emailVerified: user.email_verified,
    subscription: { status: user.subscription_status, periodEnd: user.subscription_period_end?.toISOString() ?? null },
    createdAt: user.created_at.toISOString(),
  };
}

/** The user as register and login answer it: the same shape from both. */
export function authUserView(user: UserRow) {
  return { id: user.id, email: user.email, name: user.name, tier: user.tier, emailVerified: user.email_verified };
}

/** Unlimited tiers show `null` limits and 0 percent. */
export function quotaView(user: UserRow, used: number) {
  const limit = TIER_LIMITS[user.tier].episodesPerMonth;
  return {
    tier: user.tier,
    episodesLimit: limit,
    episodesUsed: used,
    episodesRemaining: limit === null ? null : Math.max(0, limit - used),
    quotaPercentage: limit === null || limit === 0 ? 0 : Math.round((Math.min(used, limit) / limit) * 1000) / 10,
  };
}

export function usageRecordView(row: { month: string; episodes_created: number; total_audio_duration: number; total_characters: number; cost_total: string }) {
  return {
    month: row.month,
    episodesCreated: row.episodes_created,
    totalAudioDuration: row.total_audio_duration,
    totalCharacters: row.total_characters,
    costTotal: Number(row.cost_total),
  };
}
