// Messages between the offline voice engine (main thread) and its worker threads, of
// Flite and of eSpeak NG. Kept in one place so both sides agree on the shapes.

/** Passed once as `workerData` when the Flite thread starts. */
export interface FliteThreadConfig {
  /** Absolute path of flite.wasm. */
  wasmPath: string;
  /** This thread's own directory (removed with the thread); each request works in a fresh subdirectory of it. */
  workRoot: string;
}

export interface FliteSynthesizeMessage {
  type: 'synthesize';
  id: number;
  text: string;
  voice: string;
  /** Flite's duration_stretch: > 1 speaks slower, < 1 faster. */
  durationStretch: number;
}

export interface EspeakSynthesizeMessage {
  type: 'synthesize';
  id: number;
  text: string;
  /** eSpeak NG's voice with its variant (`es+f3`). */
  voice: string;
  /** Words a minute. */
  rate: number;
  /** Japanese is read as kana first (kanji are beyond eSpeak). */
  japanese: boolean;
}

export type ToVoiceThread = FliteSynthesizeMessage | EspeakSynthesizeMessage;

export type { FromEngineThread as FromVoiceThread } from '../engine-thread.ts';
