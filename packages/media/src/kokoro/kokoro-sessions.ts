// Kokoro's voicing slots: up to `slots` ONNX Runtime sessions, each in a thread of its own
// (kokoro-thread.ts), started as requests need them. A request holds one session for all
// its chunks; more requests than sessions wait their turn, first come, first served. The
// first session is opened before anything else, to learn where the model runs: the
// default number of slots follows from it (one per core on CPU, each single-threaded; the
// measured GPU default on CUDA), and every later session opens on the same provider.
import { EngineThread } from '../engine-thread.ts';
import { KokoroError } from './kokoro-error.ts';
import { cpuCores, defaultSlots, VoicingSlots, type VoicingLane } from '../voicing-slots.ts';
import type { KokoroDevice, KokoroSession } from './kokoro-session.ts';
import type { KokoroRunMessage, KokoroThreadConfig, KokoroThreadReady } from './kokoro-thread-protocol.ts';


export interface KokoroSessionsOptions {
  modelFile: string;
  device: KokoroDevice;
  /** Sessions at most; left out, one per CPU core on CPU, CUDA_DEFAULT_SLOTS on CUDA. */
  slots?: number;
  /** Told when CUDA could not be used and the sessions run on CPU. */
  onFallback?(reason: string): void;
}

type SessionThread = EngineThread<KokoroThreadReady>;

export class KokoroSessions {
  readonly provider: 'cuda' | 'cpu';
  readonly slots: number;
  private readonly modelFile: string;
  private readonly intraOpThreads: number | undefined;
  private readonly turns: VoicingLane;
  private readonly threads = new Set<SessionThread>();
  private readonly busy = new Set<SessionThread>();
  private readonly pending = new Set<Promise<unknown>>();
  private nextId = 0;
  private closed = false;

  private constructor(options: KokoroSessionsOptions, first: SessionThread, provider: 'cuda' | 'cpu') {
    this.modelFile = options.modelFile;
    this.provider = provider;
    this.slots = options.slots ?? defaultSlots(provider);
    // On CPU the cores are shared out: one slot uses them all, a slot per core one each
    // (two single-threaded sessions side by side voice more than one on two threads).
    this.intraOpThreads = provider === 'cpu' ? Math.max(1, Math.floor(cpuCores() / this.slots)) : undefined;
    this.turns = new VoicingSlots(this.slots).lane();
    this.threads.add(first);
  }

  /** Opens the first session; throws KokoroError when the model cannot load. */
  static async open(options: KokoroSessionsOptions): Promise<KokoroSessions> {
    const slots = options.slots;
    // The first session's threads: as the pool will give each of its sessions, for the slots asked for or the CPU default.
    const cpuThreads = Math.max(1, Math.floor(cpuCores() / (slots ?? defaultSlots('cpu'))));
    // The first thread may die before the pool that will forget it exists.
    const pool: { sessions?: KokoroSessions } = {};
    const first = startThread({ modelFile: options.modelFile, device: options.device, intraOpThreads: cpuThreads }, (gone) => pool.sessions?.forget(gone));
    let ready: KokoroThreadReady;
    try {
      ready = await first.ready;
    } catch (error) {
      await first.stop(error as Error);
      throw error;
    }
    if (ready.fallback !== undefined) options.onFallback?.(ready.fallback);
    const sessions = new KokoroSessions(options, first, ready.provider);
    pool.sessions = sessions;
    if (!first.alive) sessions.forget(first);
    return sessions;
  }

  /**
   * Runs `work` with a session of its own for as long as it takes (all of a line's chunks),
   * once one is free. Aborting `signal` while it waits rejects and takes no session.
   */
  withSession<T>(work: (session: KokoroSession) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.closed) return Promise.reject(new KokoroError('Kokoro engine is closed'));
    const job = this.turns.run(async () => {
      if (this.closed) throw new KokoroError('Kokoro engine is closed');
      const thread = this.idleThread();
      this.busy.add(thread);
      const release = thread.hold();
      try {
        return await work(this.sessionOn(thread));
      } finally {
        release();
        this.busy.delete(thread);
      }
    }, signal);
    this.pending.add(job);
    void job.catch(() => {}).finally(() => this.pending.delete(job));
    return job;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const thread of [...this.threads]) await thread.stop(new KokoroError('Kokoro engine was closed'));
    await Promise.allSettled([...this.pending]);
  }

  /** An idle session, or a new one: with a turn held, fewer than `slots` are busy. */
  private idleThread(): SessionThread {
    const idle = [...this.threads].find((thread) => thread.alive && !this.busy.has(thread));
    if (idle) return idle;
    const thread = startThread(
      { modelFile: this.modelFile, device: this.provider, ...(this.intraOpThreads === undefined ? {} : { intraOpThreads: this.intraOpThreads }) },
      (gone) => this.forget(gone),
    );
    this.threads.add(thread);
    return thread;
  }

  private forget(thread: SessionThread): void {
    this.threads.delete(thread);
    this.busy.delete(thread);
  }

  private sessionOn(thread: SessionThread): KokoroSession {
    return {
      provider: this.provider,
      run: async (tokens, style, speed) => {
        const id = ++this.nextId;
        const message: KokoroRunMessage = { type: 'run', id, tokens: [...tokens], style, speed };
        return (await thread.request(id, message)).samples;
      },
      release: () => thread.stop(new KokoroError('Kokoro session was released')),
    };
  }
}

function startThread(config: KokoroThreadConfig, onGone: (thread: SessionThread) => void): SessionThread {
  return new EngineThread<KokoroThreadReady>(new URL('./kokoro-thread.ts', import.meta.url), {
    workerData: config,
    label: 'Kokoro',
    error: KokoroError,
    onGone: (thread) => onGone(thread as SessionThread),
  });
}
