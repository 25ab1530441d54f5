// Where an episode's chunks wait between being copied or encoded (in any order) and
// being written, in order, behind the ID3 tag: a scratch file that reuse and encoding
// both append to. The tag comes first in the MP3 but can only be made once every
// chunk's length is known (chapters need the timings), hence the detour.
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import type { ChunkSlot } from './chunk-layout.ts';
import type { ChunkRecord, ChunkTable, RecordedClip } from './chunk-table.ts';
import type { Mp3Format } from './encoder-gain.ts';
import type { EncoderTiming } from './encoder-timing.ts';

/** Where each chunk's bytes wait before the MP3 is written: a scratch file, appended to by reuse and encoding alike. */
export class ChunkSpill {
  readonly located = new Map<number, { at: number; bytes: number; frames: number }>();
  readonly handle: FileHandle;
  private size = 0;
  private constructor(handle: FileHandle) {
    this.handle = handle;
  }
  static async open(file: string): Promise<ChunkSpill> {
    return new ChunkSpill(await open(file, 'w+'));
  }
  async add(index: number, mp3: Uint8Array, frames: number): Promise<void> {
    const at = this.size;
    this.size += mp3.length; // reserved before the write, so concurrent adds never overlap
    await this.handle.write(mp3, 0, mp3.length, at);
    this.located.set(index, { at, bytes: mp3.length, frames });
  }
}

/** Writes the tag and the chunks in order; returns the table of where each chunk went. */
export async function writeChunkedMp3(audioFile: string, tag: Buffer, slots: readonly ChunkSlot[], contents: readonly string[], clips: readonly (RecordedClip | undefined)[], spill: ChunkSpill, timing: EncoderTiming, format: Mp3Format): Promise<ChunkTable> {
  const output = await open(audioFile, 'w');
  try {
    await output.write(tag, 0, tag.length, 0);
    let offset = 0;
    const chunks = slots.map((slot, index): ChunkRecord => {
      const located = spill.located.get(index);
      if (!located) throw new Error(`Chunk ${index} was neither reused nor encoded`);
      const clip = clips[index];
      const record = { content: contents[index] as string, leadSamples: slot.leadSamples, outputSamples: slot.outputSamples, offset, bytes: located.bytes, frames: located.frames, ...(clip ? { clip } : {}) };
      offset += located.bytes;
      return record;
    });
    for (const [index, record] of chunks.entries()) {
      const located = spill.located.get(index) as { at: number; bytes: number };
      const bytes = Buffer.allocUnsafe(located.bytes);
      await spill.handle.read(bytes, 0, located.bytes, located.at);
      await output.write(bytes, 0, bytes.length, tag.length + record.offset);
    }
    return { version: 1, encoder: timing.encoder, format: { ...format }, frameSamples: timing.frameSamples, chunks };
  } finally {
    await output.close();
  }
}
