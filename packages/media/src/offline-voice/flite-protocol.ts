// Messages between the offline voice engine (main thread) and its Flite worker
// thread. Kept in one place so both sides agree on the shapes.

/** Passed once as `workerData` when the thread starts. */
export interface FliteThreadConfig {
  /** Absolute path of flite.wasm. */
  wasmPath: string;
  /** Private directory of the owning engine; each request works in a fresh subdirectory of it. */
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

export type ToFliteThread = FliteSynthesizeMessage;

export type FromFliteThread =
  | { type: 'ready' }
  | { type: 'audio'; id: number; samples: Float32Array; sampleRate: number }
  | { type: 'failed'; id: number; message: string };
