// The record of how an episode MP3 is made of chunks: for each line, which chunk (its
// content identity and silences) and where its frames are. Kept with the episode (it is
// plain JSON) and handed back on the next render, which copies the bytes of every chunk
// it would encode identically instead of encoding it again.

import { createHash } from 'node:crypto';
import type { Mp3Format } from './encoder-gain.ts';
import { isLoudnessSummary, type LoudnessSummary } from './loudness-meter.ts';

/**
 * What a chunk's clip was, kept when the caller knew its recipe (what it is made from)
 * before making it: the next render takes a clip with the same recipe from here instead
 * of reading or making it again (timeline-scan.ts).
 */
export interface RecordedClip {
  recipe: string;
  /** Its length, at the timeline's rate. */
  samples: number;
  /** Its digest (clipDigest): the chunk's content identity is built on it. */
  digest: string;
  loudness: LoudnessSummary;
  /** The caller's record of where its pieces are in it (e.g. a show's block: its lines). */
  layout?: number[] | undefined;
  /** A placed clip of several lines: for each, the line counted from its first, its offset and its length in samples. */
  spans?: number[] | undefined;
}

export interface ChunkRecord {
  /** Content identity (chunkContent): the clip, the mastering filters, the format and the encoder. */
  content: string;
  /** Silence before the clip, in samples at the timeline's rate. */
  leadSamples: number;
  /** The chunk's length at the MP3's rate before encoding (whole frames). */
  outputSamples: number;
  /**
   * Where the chunk's first frame starts, counted from the first audio byte (after the
   * ID3v2 tag), so rewriting the tag (embed-chapters.ts) does not invalidate the table.
   */
  offset: number;
  bytes: number;
  frames: number;
  clip?: RecordedClip | undefined;
}

export interface ChunkTable {
  version: 1;
  /** The encoder build (encoder-timing.ts) that made the chunks. */
  encoder: string;
  format: Mp3Format;
  frameSamples: number;
  /** One per line, in episode order. */
  chunks: ChunkRecord[];
}

class ChunkTableError extends Error {
  override name = 'ChunkTableError';
}

/** The content identity of a chunk: equal identities and silences encode to the same bytes. */
export function chunkContent(input: { clipDigest: string; sourceRate: number; filters: readonly string[]; format: Mp3Format; encoder: string }): string {
  const canonical = [1, input.clipDigest, input.sourceRate, input.filters, input.format.sampleRate, input.format.bitrateKbps, input.encoder];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A SHA-256 in hex, as every identity here is. */
const isDigest = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);

/** Checks a table read back from storage or the database; throws ChunkTableError when it is not one this code wrote. */
export function parseChunkTable(value: unknown): ChunkTable {
  if (!isRecord(value) || value.version !== 1) throw new ChunkTableError('Not a version 1 chunk table');
  const { encoder, format, frameSamples, chunks } = value;
  if (typeof encoder !== 'string' || !isRecord(format) || !isCount(format.sampleRate) || !isCount(format.bitrateKbps)) throw new ChunkTableError('The chunk table has no valid encoder or format');
  if (!isCount(frameSamples) || frameSamples === 0 || !Array.isArray(chunks)) throw new ChunkTableError('The chunk table has no valid frames or chunks');
  let end = 0;
  const records = chunks.map((chunk, index): ChunkRecord => {
    if (!isRecord(chunk) || !isDigest(chunk.content)) throw new ChunkTableError(`Chunk ${index} has no valid content identity`);
    const { leadSamples, outputSamples, offset, bytes, frames } = chunk;
    if (!isCount(leadSamples) || !isCount(outputSamples) || !isCount(offset) || !isCount(bytes) || !isCount(frames) || bytes === 0 || frames === 0) {
      throw new ChunkTableError(`Chunk ${index} has invalid sizes`);
    }
    if (outputSamples % frameSamples !== 0) throw new ChunkTableError(`Chunk ${index} is not a whole number of frames`);
    if (offset !== end) throw new ChunkTableError(`Chunk ${index} does not follow the one before it`);
    end = offset + bytes;
    const clip = chunk.clip === undefined ? undefined : recordedClip(chunk.clip, index);
    return { content: chunk.content, leadSamples, outputSamples, offset, bytes, frames, ...(clip ? { clip } : {}) };
  });
  return { version: 1, encoder, format: { sampleRate: format.sampleRate, bitrateKbps: format.bitrateKbps }, frameSamples, chunks: records };
}

function recordedClip(value: unknown, index: number): RecordedClip {
  if (!isRecord(value)) throw new ChunkTableError(`Chunk ${index} has an invalid clip record`);
  const { recipe, samples, digest, loudness, layout, spans } = value;
  if (!isDigest(recipe) || !isDigest(digest) || !isCount(samples) || samples === 0 || !isLoudnessSummary(loudness)) throw new ChunkTableError(`Chunk ${index} has an invalid clip record`);
  if (layout !== undefined && !(Array.isArray(layout) && layout.every(isCount))) throw new ChunkTableError(`Chunk ${index} has an invalid clip layout`);
  if (spans !== undefined && !(Array.isArray(spans) && spans.length % 3 === 0 && spans.every(isCount))) throw new ChunkTableError(`Chunk ${index} has invalid clip spans`);
  return { recipe, samples, digest, loudness, ...(layout ? { layout: layout as number[] } : {}), ...(spans ? { spans: spans as number[] } : {}) };
}
