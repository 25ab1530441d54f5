// Reads the chunks a re-render reuses out of the last episode's MP3, in one pass over
// the byte ranges they occupy: chunks that lie back to back are read as one range, so a
// one-line edit costs two reads (before and after the line) whether the MP3 is a local
// file or an object in S3. Every chunk is checked on the way (whole frames, the expected
// format and count), so bytes that do not match the table are encoded again instead.

import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { ByteRange } from '@castwright/core/storage/object-storage';
import type { ChunkRecord, ChunkTable } from './chunk-table.ts';
import { ID3_HEADER_BYTES, id3TagSize } from './id3v2-tag.ts';
import { parseMp3Frames } from './mp3-frames.ts';

/** Reads an inclusive byte range of the earlier MP3 (e.g. `(range) => storage.read(key, range)`). */
export type ByteRangeReader = (range: ByteRange) => Promise<Readable | Uint8Array>;

/** The earlier MP3: a file on this machine, or a range reader over storage. */
export type PreviousAudio = string | ByteRangeReader;

export interface ReusedBytes {
  record: ChunkRecord;
  mp3: Uint8Array;
}

function readerFor(audio: PreviousAudio): ByteRangeReader {
  if (typeof audio !== 'string') return audio;
  return async (range) => createReadStream(audio, { start: range.start, end: range.end });
}

async function* bytesOf(source: Readable | Uint8Array): AsyncGenerator<Uint8Array> {
  if (source instanceof Uint8Array) {
    yield source;
    return;
  }
  for await (const part of source) yield part as Uint8Array;
}

async function readExactly(reader: ByteRangeReader, range: ByteRange): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of bytesOf(await reader(range))) parts.push(part);
  return Buffer.concat(parts);
}

/**
 * Calls `each` with the bytes of every record in `wanted` that checks out, in file order;
 * returns the records that did not (with why). A failure to read at all is thrown.
 */
export async function readPreviousChunks(
  audio: PreviousAudio,
  table: ChunkTable,
  wanted: readonly ChunkRecord[],
  each: (chunk: ReusedBytes) => Promise<void> | void,
  signal?: AbortSignal,
): Promise<{ rejected: { record: ChunkRecord; reason: string }[] }> {
  const reader = readerFor(audio);
  const rejected: { record: ChunkRecord; reason: string }[] = [];
  if (wanted.length === 0) return { rejected };
  // The table counts from the first audio byte: find where the tag in front ends.
  const head = await readExactly(reader, { start: 0, end: ID3_HEADER_BYTES - 1 });
  const audioStart = id3TagSize(head) ?? 0;

  const unique = [...new Map(wanted.map((record) => [record.offset, record])).values()].sort((a, b) => a.offset - b.offset);
  const runs: ChunkRecord[][] = [];
  for (const record of unique) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && last.offset + last.bytes === record.offset) run.push(record);
    else runs.push([record]);
  }

  for (const run of runs) {
    signal?.throwIfAborted();
    const first = run[0] as ChunkRecord;
    const lastRecord = run.at(-1) as ChunkRecord;
    const start = audioStart + first.offset;
    const end = audioStart + lastRecord.offset + lastRecord.bytes - 1;
    // Chunk by chunk as the range streams in: memory holds one chunk, not the run.
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    let position = 0;
    const finish = async (record: ChunkRecord, mp3: Uint8Array) => {
      const reason = mismatch(record, table, mp3);
      if (reason) rejected.push({ record, reason });
      else await each({ record, mp3 });
    };
    for await (let part of bytesOf(await reader({ start, end }))) {
      while (part.length > 0 && position < run.length) {
        const record = run[position] as ChunkRecord;
        const take = Math.min(part.length, record.bytes - pendingBytes);
        pending.push(part.subarray(0, take));
        pendingBytes += take;
        part = part.subarray(take);
        if (pendingBytes === record.bytes) {
          await finish(record, Buffer.concat(pending));
          pending = [];
          pendingBytes = 0;
          position++;
        }
      }
    }
    // The file ended early: whatever was not read is encoded again.
    for (const record of run.slice(position)) rejected.push({ record, reason: 'the earlier MP3 ends before it' });
  }
  return { rejected };
}

function mismatch(record: ChunkRecord, table: ChunkTable, mp3: Uint8Array): string | undefined {
  try {
    const info = parseMp3Frames(mp3);
    if (info.frames !== record.frames) return `${info.frames} frames where the table says ${record.frames}`;
    if (info.sampleRate !== table.format.sampleRate || info.bitrateKbps !== table.format.bitrateKbps || info.channels !== 1) return 'not in the format the table says';
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
