// One worker thread of the offline voice engine (Flite's or eSpeak NG's) and the request
// it is working on. A crash, a timeout or an abort ends the thread: the request in
// flight rejects, and the engine starts a fresh thread for the next one.
import { Worker } from 'node:worker_threads';
import type { SynthesizedAudio } from '../tts-engine.ts';
import type { FromVoiceThread } from './thread-protocol.ts';

/** Synthesis failed inside the offline voice engine (Flite or eSpeak error, worker crash, timeout). */
export class OfflineVoiceError extends Error {
  override name = 'OfflineVoiceError';
}

export interface InFlight {
  id: number;
  resolve(audio: SynthesizedAudio): void;
  reject(error: Error): void;
}

/** One worker thread and the request it is working on, if any. */
export class VoiceThread {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  inFlight: InFlight | undefined;
  alive = true;
  private stopping = false;
  private holds = 0;

  constructor(entry: URL, workerData: unknown, heapMb: number, onGone: (thread: VoiceThread) => void) {
    this.worker = new Worker(entry, {
      workerData,
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
    this.worker.on('message', (message: FromVoiceThread) => {
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
