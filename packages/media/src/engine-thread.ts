// One worker thread of an engine (the built-in voice's Flite or eSpeak NG, a Kokoro ONNX
// session) and the request it is working on. The thread says `ready` once it can take
// requests (with what it learnt starting, e.g. the provider Kokoro runs on), then answers
// each request with `audio` or `failed`. A crash, a timeout or an abort ends the thread:
// the request in flight rejects, and the engine starts a fresh thread for the next one.
import { Worker } from 'node:worker_threads';
import type { SynthesizedAudio } from './tts-engine.ts';

/** What a thread sends back. */
export type FromEngineThread<Ready extends object = object> =
  | ({ type: 'ready' } & Ready)
  | { type: 'audio'; id: number; samples: Float32Array; sampleRate: number }
  | { type: 'failed'; id: number; message: string };

export interface InFlight {
  id: number;
  resolve(audio: SynthesizedAudio): void;
  reject(error: Error): void;
}

export interface EngineThreadOptions {
  workerData?: unknown;
  /** V8 heap cap of the thread, so a runaway request kills the thread, not the process. */
  heapMb?: number;
  /** Names the engine in errors ("Offline voice worker crashed: …"). */
  label: string;
  /** The engine's error class for what goes wrong in the thread. */
  error: new (message: string, options?: { cause?: unknown }) => Error;
  onGone(thread: EngineThread): void;
}

/** One worker thread and the request it is working on, if any. */
export class EngineThread<Ready extends object = object> {
  readonly worker: Worker;
  /** What the thread said when it became ready; rejects when it dies first. */
  readonly ready: Promise<Ready>;
  inFlight: InFlight | undefined;
  alive = true;
  private stopping = false;
  private holds = 0;
  private readonly label: string;
  private readonly EngineError: EngineThreadOptions['error'];

  constructor(entry: URL, options: EngineThreadOptions) {
    const { label, error: EngineError } = options;
    this.label = label;
    this.EngineError = EngineError;
    this.worker = new Worker(entry, {
      workerData: options.workerData,
      // node:wasi prints an ExperimentalWarning in every new thread; it is noise here.
      // Setting execArgv also stops the parent's flags (loaders, inspector) being
      // re-applied to a thread that needs none of them.
      execArgv: ['--disable-warning=ExperimentalWarning'],
      ...(options.heapMb === undefined ? {} : { resourceLimits: { maxOldGenerationSizeMb: options.heapMb } }),
    });
    // An idle worker must not keep the process alive; `hold` refs it while busy.
    this.worker.unref();

    let markReady: (ready: Ready) => void = () => {};
    let failStart: (error: Error) => void = () => {};
    this.ready = new Promise<Ready>((resolve, reject) => {
      markReady = resolve;
      failStart = reject;
    });
    // Settled on the first failure even if nobody awaits it yet.
    this.ready.catch(() => {});

    let lastError: Error | undefined;
    this.worker.on('message', (message: FromEngineThread<Ready>) => {
      if (message.type === 'ready') {
        const { type: _type, ...said } = message;
        return markReady(said as unknown as Ready);
      }
      const pending = this.inFlight;
      if (!pending || pending.id !== message.id) return; // answer to a request that already timed out
      this.inFlight = undefined;
      if (message.type === 'audio') pending.resolve({ samples: message.samples, sampleRate: message.sampleRate });
      else pending.reject(new EngineError(`${label} failed: ${message.message}`));
    });
    this.worker.on('error', (error) => {
      lastError = error;
    });
    this.worker.on('exit', (code) => {
      this.alive = false;
      const cause = lastError ? `: ${lastError.message}` : ` (exit code ${code})`;
      const error = new EngineError(`${label} worker ${this.stopping ? 'was stopped' : 'crashed'}${cause}`, { cause: lastError });
      failStart(error);
      const pending = this.inFlight;
      this.inFlight = undefined;
      pending?.reject(error);
      options.onGone(this);
    });
  }

  /**
   * Posts request `id` once the thread is ready, and settles with the thread's answer, or
   * rejects when the thread dies (or is stopped) first. One request at a time.
   */
  request(id: number, message: object, transfer: ArrayBuffer[] = []): Promise<SynthesizedAudio> {
    return new Promise<SynthesizedAudio>((resolve, reject) => {
      if (!this.alive) return reject(new this.EngineError(`${this.label} worker is gone`));
      // A second request would orphan the first (its answer could never be matched): say so.
      if (this.inFlight) return reject(new this.EngineError(`${this.label} worker is busy with request ${this.inFlight.id}`));
      this.inFlight = { id, resolve, reject };
      this.ready.then(
        () => {
          if (this.inFlight?.id === id) this.worker.postMessage(message, transfer);
        },
        () => {}, // the exit handler has already rejected the request
      );
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
