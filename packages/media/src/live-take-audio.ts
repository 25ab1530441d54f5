// A live take and the finished file, each made of the other's chunks where it can be.
//  - liveTakeAsPrevious: the take's published segments seen as the "previous episode" of
//    the finished render: their chunks, end to end, are one MP3 without a tag, and their
//    records a chunk table over it. assembleEpisode then copies every chunk of the stream it
//    would encode the same way (same clip, plan and silences) instead of encoding it again,
//    so the finished file is the stream's own bytes wherever the last live plan delivers.
//  - writeFinishedTail: the other way round, the finished file's chunks from a line on as
//    the take's last segment, for the lines the stream had not mastered when the finished
//    file was made (they were voiced far ahead of any listener). Same layout, so they play
//    on from the live segments at the finished file's timings; bytes, no encoding.
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange } from '@castwright/core/storage/object-storage';
import type { PreviousEpisode } from './assemble-episode.ts';
import type { ChunkRecord, ChunkTable } from './chunk-table.ts';
import type { EpisodeMasterPlan } from './episode-master-plan.ts';
import { id3TagSize } from './id3v2-tag.ts';
import type { LiveSegmentRecord } from './live-master.ts';

/**
 * How close the stream's last plan must land the whole episode for the finished file to
 * keep it (and copy the stream's chunks made with it): closer than a re-render keeps a
 * published plan by (KEEP_PLAN_TOLERANCE_LU), so that the re-renders after an edit have that
 * whole margin, not the margin less the stream's miss; further off, the finished file is
 * planned afresh, as without listeners.
 */
export const LIVE_KEEP_TOLERANCE_LU = 0.05;

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
  return { audio, chunkTable: table, plan: last.record.plan, keepWithinLu: LIVE_KEEP_TOLERANCE_LU };
}

/** A finished episode as assembleEpisode returned it: its MP3 and the records of its chunks. */
export interface FinishedAudio {
  audioFile: string;
  chunkTable: ChunkTable;
  plan: EpisodeMasterPlan;
}

/**
 * Writes the finished file's last chunks, those of lines `firstLine` … end (`lines`: how many
 * lines each of them holds, in order), to `file` as they are in it (frames, without the
 * ID3 tag), and returns them as a live segment's record.
 */
export async function writeFinishedTail(finished: FinishedAudio, tail: { firstLine: number; lines: readonly number[] }, file: string): Promise<LiveSegmentRecord> {
  const { chunkTable } = finished;
  const chunks = chunkTable.chunks.slice(chunkTable.chunks.length - tail.lines.length);
  const first = chunks[0];
  const last = chunks.at(-1);
  if (!first || !last || chunks.length !== tail.lines.length) throw new RangeError(`The finished file has ${chunkTable.chunks.length} chunks, not the ${tail.lines.length} of its tail`);
  const handle = await open(finished.audioFile, 'r');
  const header = Buffer.alloc(10);
  try {
    await handle.read(header, 0, header.length, 0);
  } finally {
    await handle.close();
  }
  // Chunk offsets count from the first audio byte, after the tag (chunk-table.ts).
  const audioStart = id3TagSize(header) ?? 0;
  await pipeline(createReadStream(finished.audioFile, { start: audioStart + first.offset, end: audioStart + last.offset + last.bytes - 1 }), createWriteStream(file));
  return {
    firstLine: tail.firstLine,
    chunks: chunks.map(({ content, leadSamples, outputSamples, bytes, frames }, index) => ({ ...(tail.lines[index] !== 1 ? { lines: tail.lines[index] as number } : {}), content, leadSamples, outputSamples, bytes, frames })),
    plan: finished.plan,
    // Nothing follows the last line.
    wantedNext: 0,
    encoder: chunkTable.encoder,
    frameSamples: chunkTable.frameSamples,
  };
}
