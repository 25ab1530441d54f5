// Streams a mono float WAV to disk clip by clip, so rendering a long episode
// holds one line's audio in memory rather than the whole timeline. The header's
// sizes are unknown until the end and are patched in by `close`.

import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { FLOAT32_WAV_HEADER_BYTES, float32Bytes, float32WavHeader } from './wav.ts';

const SILENCE_CHUNK_FRAMES = 16_384;

export class WavFileWriter {
  readonly path: string;
  readonly sampleRate: number;
  private frames = 0;
  private readonly handle: FileHandle;

  private constructor(path: string, sampleRate: number, handle: FileHandle) {
    this.path = path;
    this.sampleRate = sampleRate;
    this.handle = handle;
  }

  static async create(path: string, sampleRate: number): Promise<WavFileWriter> {
    const handle = await open(path, 'w');
    try {
      await handle.write(float32WavHeader(0, sampleRate), 0, FLOAT32_WAV_HEADER_BYTES, 0);
    } catch (error) {
      await handle.close();
      throw error;
    }
    return new WavFileWriter(path, sampleRate, handle);
  }

  /** Frames written so far, i.e. the position the next sample lands at. */
  get framesWritten(): number {
    return this.frames;
  }

  async write(samples: Float32Array): Promise<void> {
    const bytes = float32Bytes(samples);
    await this.handle.write(bytes, 0, bytes.byteLength, FLOAT32_WAV_HEADER_BYTES + this.frames * 4);
    this.frames += samples.length;
  }

  async writeSilence(frames: number): Promise<void> {
    const zeros = new Float32Array(Math.min(frames, SILENCE_CHUNK_FRAMES));
    for (let left = frames; left > 0; left -= zeros.length) await this.write(left >= zeros.length ? zeros : zeros.subarray(0, left));
  }

  /** Patches the header with the final sizes and closes the file. */
  async close(): Promise<void> {
    try {
      await this.handle.write(float32WavHeader(this.frames, this.sampleRate), 0, FLOAT32_WAV_HEADER_BYTES, 0);
    } finally {
      await this.handle.close();
    }
  }

  /** Closes without finishing (after a failure); the caller deletes the file. */
  async abandon(): Promise<void> {
    await this.handle.close();
  }
}
