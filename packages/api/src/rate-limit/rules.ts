// Every limit the API enforces, in one table. Per-tier request limits are keyed by the
// authenticated user (JWT or API key), never by address; the auth endpoints, used
// before anyone is known, are keyed by client address.
import { TIER_LIMITS, type Tier } from '@castwright/core/tiers';
import type { RateLimitRule } from './rate-limiter.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Every authenticated request counts here: one counter per user whatever the tier (an upgrade keeps the hour's count). */
export const REQUESTS_COUNTER = { name: 'requests', windowMs: HOUR } as const;

export function requestsPerHour(tier: Tier): RateLimitRule {
  return { ...REQUESTS_COUNTER, limit: TIER_LIMITS[tier].requestsPerHour };
}

export const AUTH_LIMITS = {
  /** 3 registrations per hour per client. */
  register: { name: 'register', limit: 3, windowMs: HOUR },
  /**
   * 5 login attempts per 15 minutes for one account from one client: failures from an
   * attacker elsewhere cannot lock the owner out of their own device.
   */
  loginAccount: { name: 'login-account', limit: 5, windowMs: 15 * MINUTE },
  /** A client spraying many accounts is stopped too. */
  loginClient: { name: 'login-client', limit: 20, windowMs: 15 * MINUTE },
  /** 30 refreshes per hour per client. */
  refresh: { name: 'refresh', limit: 30, windowMs: HOUR },
  /**
   * The studio refreshes on every page load (its access token lives in memory only), so a
   * person reloading or opening tabs needs more than an API client's 30; the token is 256
   * random bits behind an httpOnly cookie, so this bound is about load, not guessing.
   */
  browserRefresh: { name: 'browser-refresh', limit: 300, windowMs: HOUR },
  passwordResetRequest: { name: 'password-reset-request', limit: 5, windowMs: HOUR },
  passwordReset: { name: 'password-reset', limit: 10, windowMs: HOUR },
  emailVerification: { name: 'email-verification', limit: 20, windowMs: HOUR },
  /** 3 API key generations per day per user. */
  apiKeyGeneration: { name: 'api-key-generation', limit: 3, windowMs: DAY },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Inbound newsletters (POST /api/briefing-webhooks/email/:webhookId, no credentials but
 * the id): per inbound address, far above any newsletter schedule, so a leaked address
 * cannot flood its briefing; per client address, so one sender cannot probe ids or
 * flood many addresses. A provider posting for many users shares one client budget.
 */
export const INBOUND_EMAIL_LIMITS = {
  perAddress: { name: 'inbound-email-address', limit: 60, windowMs: HOUR },
  perClient: { name: 'inbound-email-client', limit: 600, windowMs: HOUR },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Requests per hour through one private feed token, whoever sends them (podcast apps
 * fetch from many addresses, often their own servers). Apart from the owner's own
 * budget, so a podcast app can never lock its owner out of the API; keyed by the
 * token, so rotating a token abused elsewhere gives the owner's apps a fresh budget.
 */
export function feedRequestsPerHour(limit: number): RateLimitRule {
  return { name: 'feed', limit, windowMs: HOUR };
}
