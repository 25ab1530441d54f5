// A live stream's published segments seen as the "previous episode" of the finished
// render: their chunks, end to end, are one MP3 without a tag, and their records a chunk
// table over it. assembleEpisode then copies every chunk of the stream it would encode
// the same way (same clip, plan and silences) instead of encoding it again, so the
// finished file is the stream's own bytes wherever the last live plan still delivers.
import { Readable } from 'node:stream';
import type { ByteRange } from '@castwright/core/storage/object-storage';
import type { PreviousEpisode } from './assemble-episode.ts';
import type { ChunkRecord, ChunkTable } from './chunk-table.ts';
import type { LiveSegmentRecord } from './live-master.ts';

export interface StoredLiveSegment {
  record: LiveSegmentRecord;
  /** The segment object's size in bytes. */
  bytes: number;
  /** An inclusive byte range of the segment object. */
  read(range: ByteRange): Promise<Readable | Uint8Array>;
}

/** The take's segments, in order, as assembleEpisode's `previous`; undefined for a take with none. */
export function liveTakeAsPrevious(segments: readonly StoredLiveSegment[]): PreviousEpisode | undefined {
  const last = segments.at(-1);
  if (!last) return undefined;
  let offset = 0;
  const chunks: ChunkRecord[] = [];
  const placed = segments.map((segment) => {
    const start = offset;
    for (const chunk of segment.record.chunks) {
      chunks.push({ ...chunk, offset });
      offset += chunk.bytes;
    }
    if (offset - start !== segment.bytes) throw new Error(`A live segment of ${segment.bytes} bytes is recorded as ${offset - start}`);
    return { segment, start };
  });
  const table: ChunkTable = { version: 1, encoder: last.record.encoder, format: { ...last.record.plan.format }, frameSamples: last.record.frameSamples, chunks };
  const audio = async (range: ByteRange): Promise<Readable> => {
    const parts = placed.filter(({ segment, start }) => start <= range.end && start + segment.bytes - 1 >= range.start);
    async function* bytes(): AsyncGenerator<Uint8Array> {
      for (const { segment, start } of parts) {
        const from = Math.max(range.start, start) - start;
        const to = Math.min(range.end, start + segment.bytes - 1) - start;
        const read = await segment.read({ start: from, end: to });
        if (read instanceof Uint8Array) yield read;
        else for await (const part of read) yield part as Uint8Array;
      }
    }
    return Readable.from(bytes());
  };
  return { audio, chunkTable: table, plan: last.record.plan };
}
