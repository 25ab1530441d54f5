// Wakes api requests waiting for a test delivery. The process's one listening connection
// (progress/progress-hub.ts) hands every notification on the webhook delivery channel
// here; after that connection was lost and came back, every waiter is woken to re-read,
// since notices sent meanwhile are gone. Waiters always read the record itself: a notice
// only says "look now".
import type { ChannelListener } from '../progress/progress-hub.ts';

export interface DeliveryFollower {
  /** Resolves at the event's next notice, or after `timeoutMs`. */
  next(timeoutMs: number): Promise<void>;
  close(): void;
}

export class DeliveryNotices implements ChannelListener {
  readonly #waiters = new Map<string, Set<() => void>>();

  onNotification(eventId: string): void {
    for (const wake of this.#waiters.get(eventId) ?? []) wake();
  }

  onReconnect(): void {
    for (const set of this.#waiters.values()) for (const wake of set) wake();
  }

  /** Start following before the event can be acted on, so no notice is missed. */
  follow(eventId: string): DeliveryFollower {
    let noticed = false;
    let resolveWait: (() => void) | undefined;
    const wake = () => {
      noticed = true;
      resolveWait?.();
    };
    let set = this.#waiters.get(eventId);
    if (!set) this.#waiters.set(eventId, (set = new Set()));
    set.add(wake);
    return {
      next: (timeoutMs) =>
        new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            resolveWait = undefined;
            noticed = false;
            resolve();
          };
          const timer = setTimeout(done, Math.max(0, timeoutMs));
          if (noticed) return done();
          resolveWait = done;
        }),
      close: () => {
        set.delete(wake);
        if (set.size === 0) this.#waiters.delete(eventId);
      },
    };
  }
}
