// Tiers and what each allows, straight from the interface's limit tables.

export const TIERS = ['free', 'creator', 'professional', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

/** The tiers a subscription buys. */
export const PAID_TIERS = ['creator', 'professional', 'enterprise'] as const satisfies readonly Tier[];
export type PaidTier = (typeof PAID_TIERS)[number];

export const PRESETS = ['quick', 'standard', 'deep', 'extended'] as const;
export type Preset = (typeof PRESETS)[number];

export interface TierLimits {
  /** Episodes per calendar month (UTC); null means unlimited. */
  episodesPerMonth: number | null;
  requestsPerHour: number;
  presets: readonly Preset[];
  /** Longest episode a `durationMinutes` may ask for (the presets allowed end at the same length, below enterprise). */
  maxDurationMinutes: number;
  maxUploadBytes: number;
  /** Clips an episode may keep at once (POST /api/episodes/:id/clips); deleting one makes room. */
  clipsPerEpisode: number;
  /** Sources one episode may be made from (POST /api/episodes `sources`, files of one upload). */
  maxSources: number;
  /** Characters an episode's sources may hold together: typed ones checked on the request, pages and documents as they are read. */
  maxSourceCharacters: number;
}

const MB = 1024 * 1024;

export const TIER_LIMITS: Record<Tier, TierLimits> = {
  free: { episodesPerMonth: 3, requestsPerHour: 10, presets: ['quick'], maxDurationMinutes: 3, maxUploadBytes: 5 * MB, clipsPerEpisode: 3, maxSources: 3, maxSourceCharacters: 200_000 },
  creator: { episodesPerMonth: 25, requestsPerHour: 50, presets: ['quick', 'standard', 'deep'], maxDurationMinutes: 15, maxUploadBytes: 20 * MB, clipsPerEpisode: 10, maxSources: 10, maxSourceCharacters: 400_000 },
  professional: { episodesPerMonth: 100, requestsPerHour: 200, presets: PRESETS, maxDurationMinutes: 30, maxUploadBytes: 50 * MB, clipsPerEpisode: 25, maxSources: 20, maxSourceCharacters: 600_000 },
  enterprise: { episodesPerMonth: null, requestsPerHour: 1000, presets: PRESETS, maxDurationMinutes: 120, maxUploadBytes: 100 * MB, clipsPerEpisode: 100, maxSources: 50, maxSourceCharacters: 1_000_000 },
};

/**
 * Each tier's share of the workers while accounts compete for them (fair scheduling,
 * core/jobs.ts): with backlogs waiting, an account gets jobs run in proportion to its
 * weight — an enterprise account four jobs for a free account's one. An account with
 * nothing waiting is not held back by anyone's backlog, whatever its tier: its next job
 * goes to the front of the queue. Work of no account (a password-reset mail, a Stripe
 * event) is scheduled as one more account with the highest weight.
 */
export const QUEUE_WEIGHTS: Record<Tier, number> = { free: 1, creator: 2, professional: 3, enterprise: 4 };
export const SYSTEM_QUEUE_WEIGHT = 4;

/** Approximate spoken length each preset promises, in minutes. */
export const PRESET_MINUTES: Record<Preset, number> = { quick: 3, standard: 7, deep: 15, extended: 30 };

/** The longest `durationMinutes` any tier allows: the bound of the request schema (beyond a tier's own maximum is a 403). */
export const MAX_DURATION_MINUTES = Math.max(...TIERS.map((tier) => TIER_LIMITS[tier].maxDurationMinutes));

/** The most sources and source characters any tier allows: the bounds of the request schema and body (beyond a tier's own is a 403). */
export const MAX_SOURCES = Math.max(...TIERS.map((tier) => TIER_LIMITS[tier].maxSources));
export const MAX_EPISODE_SOURCE_CHARACTERS = Math.max(...TIERS.map((tier) => TIER_LIMITS[tier].maxSourceCharacters));

export function isPresetAllowed(tier: Tier, preset: Preset): boolean {
  return TIER_LIMITS[tier].presets.includes(preset);
}

/** Where a refusal for the tier's sake points the user (a relative path, as the interface shows it). */
export const UPGRADE_PATH = '/api/billing/pricing';

/** The lowest tier that may hold an API key (the interface: creator tier or higher). */
export const API_KEY_MIN_TIER: Tier = 'creator';

/** Whether `tier` is `minimum` or above it in the order free < creator < professional < enterprise. */
export function isTierAtLeast(tier: Tier, minimum: Tier): boolean {
  return TIERS.indexOf(tier) >= TIERS.indexOf(minimum);
}
