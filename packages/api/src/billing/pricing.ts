// The price list: one entry per tier, prices from configuration, features written from
// the tier limits table itself, so what is sold and what is enforced never disagree; the
// limits themselves too, for a client to offer what the tier allows (the studio's length).
import type { BillingSettings } from '@castwright/core/config';
import { API_KEY_MIN_TIER, isTierAtLeast, TIER_LIMITS, TIERS, type Tier } from '@castwright/core/tiers';

const TIER_NAMES: Record<Tier, string> = { free: 'Free', creator: 'Creator', professional: 'Professional', enterprise: 'Enterprise' };

const count = (value: number) => value.toLocaleString('en-US');

function tierFeatures(tier: Tier): string[] {
  const limits = TIER_LIMITS[tier];
  const features = [
    limits.episodesPerMonth === null ? 'Unlimited episodes a month' : `${count(limits.episodesPerMonth)} episodes a month`,
    `Episodes up to ${limits.maxDurationMinutes} minutes (presets: ${limits.presets.join(', ')})`,
    `Document uploads up to ${limits.maxUploadBytes / (1024 * 1024)} MB`,
    `Up to ${count(limits.maxSources)} sources an episode (${count(limits.maxSourceCharacters)} characters together)`,
    `${count(limits.requestsPerHour)} API requests an hour`,
    `Captioned video of every episode, and ${count(limits.clipsPerEpisode)} clips an episode`,
  ];
  if (isTierAtLeast(tier, API_KEY_MIN_TIER)) features.push('API key for programmatic access');
  return features;
}

export function pricingEntries(billing: BillingSettings) {
  return TIERS.map((tier) => ({
    tier,
    name: TIER_NAMES[tier],
    price: tier === 'free' ? 0 : billing.priceCents[tier],
    interval: 'month' as const,
    features: tierFeatures(tier),
    limits: { ...TIER_LIMITS[tier], presets: [...TIER_LIMITS[tier].presets] },
  }));
}
