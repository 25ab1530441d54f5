// Counting authenticated requests against their users' hourly limits, batched: every
// request whose credential was checked in the same turn of the event loop shares one
// statement that loads the users and counts their hits (upsertUserHits).
// Counts stay exact and shared by every replica (they live in PostgreSQL); what is saved
// is a round trip per request under load, where the database's turn on the CPU is the cost
// (docs/benchmarks.md). Nothing waits for a batch to fill: the statement goes out in the
// same turn, after the I/O callbacks that produced its requests.
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { upsertUserHits, type CounterWindow } from '@castwright/core/repositories/metered-users';
import type { WindowCounts } from '@castwright/core/repositories/rate-limit-counters';
import type { RateLimiter } from './rate-limiter.ts';
import { REQUESTS_COUNTER } from './rules.ts';

export interface MeteredRequest {
  user: UserRow;
  counter: CounterWindow;
  counts: WindowCounts;
}

interface Waiter {
  resolve(metered: MeteredRequest | undefined): void;
  reject(error: unknown): void;
}

export class RequestMeter {
  readonly #db: Db;
  readonly #limiter: RateLimiter;
  #waiting = new Map<string, Waiter[]>();
  #scheduled = false;

  constructor(db: Db, limiter: RateLimiter) {
    this.#db = db;
    this.#limiter = limiter;
  }

  /** Counts one request of the user; undefined when the account no longer exists. */
  count(userId: string): Promise<MeteredRequest | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.#waiting.get(userId);
      if (waiters) waiters.push({ resolve, reject });
      else this.#waiting.set(userId, [{ resolve, reject }]);
      if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(() => void this.#flush());
      }
    });
  }

  async #flush(): Promise<void> {
    const batch = this.#waiting;
    this.#waiting = new Map();
    this.#scheduled = false;
    // One instant for the whole batch, so every counter is in the same window.
    const at = this.#limiter.now();
    const counters = new Map([...batch.keys()].map((userId) => [userId, this.#limiter.counterFor(REQUESTS_COUNTER, userId, at)]));
    const [window] = counters.values();
    if (!window) return;
    try {
      const found = await upsertUserHits(this.#db, window, [...batch].map(([userId, waiters]) => ({ userId, key: (counters.get(userId) as CounterWindow).key, hits: waiters.length })));
      for (const [userId, waiters] of batch) {
        const row = found.get(userId);
        const counter = counters.get(userId) as CounterWindow;
        // The user's requests in this batch took the last `waiters.length` hits, one each, in arrival order.
        waiters.forEach((waiter, index) =>
          waiter.resolve(row && { user: row.user, counter, counts: { current: row.counts.current - waiters.length + index + 1, previous: row.counts.previous } }),
        );
      }
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }
}
