// Sliding-window rate limits over the shared PostgreSQL counters. The estimate is
// the current window's hits plus the previous window's, weighted by how much of it
// still overlaps the sliding window — smooth at window edges, one row per window.
// If the counter store cannot be reached the limiter fails closed (503): the API
// cannot serve those requests without its database anyway, and auth endpoints must
// never lose their brute-force protection. The limiter answers with plain headers: the
// route or plugin that asked puts them on its reply.
import type { Db } from '@castwright/core/db/connect';
import { AppError } from '@castwright/core/errors';
import type { CounterWindow } from '@castwright/core/repositories/metered-users';
import { updateCounterDecrement, upsertCounterHit, type WindowCounts } from '@castwright/core/repositories/rate-limit-counters';

export interface RateLimitRule {
  /** Names the counter; part of the key. */
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the current window ends. */
  resetSeconds: number;
  /** When refused: seconds until a request would be allowed again. */
  retryAfterSeconds: number;
}

export class RateLimiter {
  readonly #db: Db;
  readonly #now: () => number;
  /** Refused requests per rule since start (for /metrics). */
  readonly refusals = new Map<string, number>();

  constructor(db: Db, now: () => number = Date.now) {
    this.#db = db;
    this.#now = now;
  }

  now(): number {
    return this.#now();
  }

  /** Which counter row a hit on `rule` for `subject` at `at` (default now) goes to. */
  counterFor(rule: Pick<RateLimitRule, 'name' | 'windowMs'>, subject: string, at = this.#now()): CounterWindow {
    return { key: `${rule.name}:${subject}`, windowStart: new Date(Math.floor(at / rule.windowMs) * rule.windowMs), windowMs: rule.windowMs };
  }

  async consume(rule: RateLimitRule, subject: string): Promise<RateLimitDecision> {
    const counter = this.counterFor(rule, subject);
    let counts;
    try {
      counts = await upsertCounterHit(this.#db, counter.key, counter.windowStart, rule.windowMs);
    } catch {
      throw new AppError('unavailable', 'Rate limiting is temporarily unavailable; try again shortly');
    }
    return this.judge(rule, counter, counts);
  }

  /** Decides on a hit already counted (taking it back when refused, so waiting clients recover). */
  async judge(rule: RateLimitRule, counter: CounterWindow, counts: WindowCounts): Promise<RateLimitDecision> {
    const now = this.#now();
    const windowStart = counter.windowStart.getTime();
    const overlap = 1 - (now - windowStart) / rule.windowMs;
    const estimate = counts.previous * overlap + counts.current;
    const allowed = estimate <= rule.limit;
    const windowEnd = windowStart + rule.windowMs;
    let retryAfterSeconds = 0;
    if (!allowed) {
      this.refusals.set(rule.name, (this.refusals.get(rule.name) ?? 0) + 1);
      await updateCounterDecrement(this.#db, counter.key, counter.windowStart).catch(() => undefined);
      // After this window ends its hits become the "previous" count and fade linearly.
      const current = counts.current - 1;
      const fade = current <= rule.limit - 1 ? 0 : rule.windowMs * (1 - (rule.limit - 1) / current);
      retryAfterSeconds = Math.max(1, Math.ceil((windowEnd - now + fade) / 1000));
    }
    return {
      allowed,
      limit: rule.limit,
      remaining: Math.max(0, Math.floor(rule.limit - estimate)),
      resetSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)),
      retryAfterSeconds,
    };
  }

  /** Consumes and, when refused, throws the spec's 429 with Retry-After; else the RateLimit-* headers. */
  async enforce(rule: RateLimitRule, subject: string): Promise<RateLimitHeaders> {
    return rateLimitHeaders(await this.consume(rule, subject));
  }
}

export type RateLimitHeaders = Record<'RateLimit-Limit' | 'RateLimit-Remaining' | 'RateLimit-Reset', string>;

/** The RateLimit-* headers of an allowed request; throws the 429 (with Retry-After) on a refused one. */
export function rateLimitHeaders(decision: RateLimitDecision): RateLimitHeaders {
  const headers: RateLimitHeaders = {
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetSeconds),
  };
  if (!decision.allowed) {
    throw new AppError('rateLimited', `Too many requests; try again in ${decision.retryAfterSeconds} seconds`, {
      headers: { ...headers, 'Retry-After': String(decision.retryAfterSeconds) },
      extras: { retryAfter: decision.retryAfterSeconds },
    });
  }
  return headers;
}
