// Messages between the Kokoro engine (main thread) and its session threads
// (kokoro-thread.ts). Kept in one place so both sides agree on the shapes.
import type { KokoroDevice } from './kokoro-session.ts';

export const KOKORO_SAMPLE_RATE = 24_000;

/** Passed once as `workerData` when a session thread starts. */
export interface KokoroThreadConfig {
  modelFile: string;
  device: KokoroDevice;
  /** Threads one run may use on the CPU; left out, ONNX Runtime's default. */
  intraOpThreads?: number;
}

/** What a thread says once its session is open. */
export interface KokoroThreadReady {
  provider: 'cuda' | 'cpu';
  /** Why CUDA could not be used, when the session fell back to CPU. */
  fallback?: string;
}

/** One chunk to voice (≤ 510 tokens; the thread adds the pads). */
export interface KokoroRunMessage {
  type: 'run';
  id: number;
  tokens: number[];
  style: Float32Array;
  speed: number;
}
