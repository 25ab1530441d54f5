// A media worker's voicing slots for one engine: how many lines it voices at once (engine
// sessions, built-in voice threads, or a remote server's in-flight bound), shared fairly
// between the renders the worker runs together (MEDIA_CONCURRENCY). Each render takes a
// lane; a freed slot goes to the waiting lane that holds the fewest slots, and between
// equals to the one served longest ago, so two renders on four slots hold two each, and a
// render alone holds all four. A lane never holds more than the pool has, so a render of
// 500 lines never has more than `size` engine calls in flight.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { abortReason } from './synthesis-abort.ts';

/** Where an engine voices: the defaults differ (voicing-slots.ts `defaultSlots`). */
export type SlotDevice = 'cpu' | 'cuda';

/**
 * Voicing streams on one GPU by default. Measured with Kokoro-82M's architecture on one
 * H200 (issue #43): 1 stream 124 audio seconds a second, 4 streams 330, 8 334, 16 335;
 * four take nearly all the GPU gives at 0.95 GB each, more add memory and nothing else.
 * Re-measure on your GPU with `castwright voicing measure` (docs/capacity.md).
 */
export const CUDA_DEFAULT_SLOTS = 4;

/** Slots for an engine on `device` when VOICING_SLOTS is unset: one per CPU core, each single-threaded; a GPU's measured default. */
export function defaultSlots(device: SlotDevice): number {
  return device === 'cuda' ? CUDA_DEFAULT_SLOTS : cpuCores();
}

/**
 * The cores this process may use: libuv's count (which follows the CPU affinity it is
 * given), or fewer where a cgroup v2 CPU limit says so (a container with `cpus: 2`, a pod
 * with a CPU limit), so a slot per core does not mean a slot per core of the whole host.
 */
export function cpuCores(): number {
  const limit = cgroupCpuLimit();
  return Math.max(1, Math.min(availableParallelism(), limit ?? Infinity));
}

/** `quota period` in cgroup v2's cpu.max, rounded up to whole cores; undefined when unlimited or unreadable. */
function cgroupCpuLimit(): number | undefined {
  try {
    const [quota, period] = readFileSync('/sys/fs/cgroup/cpu.max', 'utf8').trim().split(/\s+/);
    if (quota === undefined || quota === 'max' || !(Number(period) > 0) || !(Number(quota) > 0)) return undefined;
    return Math.ceil(Number(quota) / Number(period));
  } catch {
    return undefined; // not Linux, or cgroup v1: the affinity count stands
  }
}

interface Waiter {
  grant(): void;
  abandon(): void;
}

class Lane {
  held = 0;
  readonly waiting: Waiter[] = [];
  /** When a slot was last given to this lane (the pool's count of grants). */
  servedAt = 0;
}

/** One render's share of the slots. */
export interface VoicingLane {
  /** How many slots the whole pool has (the most this lane can ever hold). */
  readonly size: number;
  /**
   * Runs `work` once a slot is this lane's, and frees the slot when it settles. Aborting
   * `signal` while it waits rejects with the abort reason and takes no slot.
   */
  run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

export class VoicingSlots {
  readonly size: number;
  private inUse = 0;
  private grants = 0;
  private readonly lanes = new Set<Lane>();

  constructor(size: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`A pool of voicing slots needs a whole number of at least 1 (got ${size})`);
    this.size = size;
  }

  /** Slots now held, by all lanes together. */
  get busy(): number {
    return this.inUse;
  }

  /** A new share of the slots, for one render (or one call of voiceLines). */
  lane(): VoicingLane {
    const lane = new Lane();
    return { size: this.size, run: (work, signal) => this.run(lane, work, signal) };
  }

  private async run<T>(lane: Lane, work: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    await this.acquire(lane, signal);
    try {
      return await work();
    } finally {
      this.release(lane);
    }
  }

  private acquire(lane: Lane, signal: AbortSignal | undefined): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    // A free slot means nobody waits (a freed slot is handed on at once): take it.
    if (this.inUse < this.size) {
      this.take(lane);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        waiter.abandon();
        reject(abortReason(signal as AbortSignal));
      };
      const waiter: Waiter = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        abandon: () => {
          const at = lane.waiting.indexOf(waiter);
          if (at >= 0) lane.waiting.splice(at, 1);
          if (lane.waiting.length === 0 && lane.held === 0) this.lanes.delete(lane);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      lane.waiting.push(waiter);
      this.lanes.add(lane);
    });
  }

  private take(lane: Lane): void {
    this.inUse++;
    lane.held++;
    lane.servedAt = ++this.grants;
    this.lanes.add(lane);
  }

  private release(lane: Lane): void {
    this.inUse--;
    lane.held--;
    if (lane.held === 0 && lane.waiting.length === 0) this.lanes.delete(lane);
    const next = this.nextLane();
    if (!next) return;
    const waiter = next.waiting.shift() as Waiter;
    this.take(next);
    waiter.grant();
  }

  /** The waiting lane holding the fewest slots; between equals, the one served longest ago. */
  private nextLane(): Lane | undefined {
    let best: Lane | undefined;
    for (const lane of this.lanes) {
      if (lane.waiting.length === 0) continue;
      if (!best || lane.held < best.held || (lane.held === best.held && lane.servedAt < best.servedAt)) best = lane;
    }
    return best;
  }
}
