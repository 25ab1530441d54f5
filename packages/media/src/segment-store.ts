// Where voiced lines are kept between renders, under their segment keys
// (segment-key.ts). A render voices only the keys the store lacks; everything else is
// read back. The one implementation stores each clip as a WAV object in the project's
// ObjectStorage (local disk or S3), one object per key under the episode.

import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ObjectStorage } from '@castwright/core/storage/object-storage';
import { episodeSegmentKey } from '@castwright/core/storage/object-storage';
import { decodeClipWav, encodeClipWav } from './voiced-clip.ts';
import type { VoicedClip } from './voiced-clip.ts';

export interface SegmentStore {
  has(key: string): Promise<boolean>;
  /** The clip stored under `key`; rejects when there is none. */
  get(key: string): Promise<VoicedClip>;
  /** Stores `clip` under `key`, replacing any clip there, all at once (a reader never sees half of one). */
  put(key: string, clip: VoicedClip): Promise<void>;
}

export class SegmentNotFoundError extends Error {
  override name = 'SegmentNotFoundError';
}

export interface StorageSegmentStoreOptions {
  storage: ObjectStorage;
  /** Segments are kept per episode: `episodes/<episodeId>/segments/<key>.wav`. */
  episodeId: string;
  /** Where a clip's file is written before it is handed to the storage (default: the OS temp dir). */
  tempDir?: string;
}

async function readAll(stream: Readable): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

export class StorageSegmentStore implements SegmentStore {
  private readonly storage: ObjectStorage;
  private readonly episodeId: string;
  private readonly tempDir: string;

  constructor(options: StorageSegmentStoreOptions) {
    this.storage = options.storage;
    this.episodeId = options.episodeId;
    this.tempDir = options.tempDir ?? tmpdir();
  }

  /** The storage key of a segment (for records, retention, deletion). */
  objectKey(key: string): string {
    return episodeSegmentKey(this.episodeId, key);
  }

  async has(key: string): Promise<boolean> {
    return (await this.storage.stat(this.objectKey(key))) !== null;
  }

  async get(key: string): Promise<VoicedClip> {
    const objectKey = this.objectKey(key);
    // stat first: a missing object is an ordinary answer here, not a storage failure.
    if ((await this.storage.stat(objectKey)) === null) throw new SegmentNotFoundError(`No voiced line is stored under ${key}`);
    return decodeClipWav(await readAll(await this.storage.read(objectKey)));
  }

  async put(key: string, clip: VoicedClip): Promise<void> {
    const objectKey = this.objectKey(key);
    const file = path.join(this.tempDir, `segment-${randomUUID()}.wav`);
    try {
      await writeFile(file, encodeClipWav(clip));
      await this.storage.putFile(objectKey, file, 'audio/wav');
    } finally {
      await rm(file, { force: true });
    }
  }
}
