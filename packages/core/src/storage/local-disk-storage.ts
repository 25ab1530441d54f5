// The developer default: objects as files under DATA_DIR/storage. Writes go to a
// temporary name first and are renamed into place, so a reader never sees half a file.
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { assertSafeKey, type ByteRange, type ObjectStorage, type StoredObjectInfo } from './object-storage.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.json': 'application/json',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
};

const PARTIAL_SUFFIX = '.partial';

export class LocalDiskStorage implements ObjectStorage {
  readonly driver = 'local';
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathFor(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async putFile(key: string, filePath: string): Promise<void> {
    const target = this.pathFor(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}${PARTIAL_SUFFIX}`;
    await copyFile(filePath, temporary);
    await rename(temporary, target);
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    try {
      const info = await stat(this.pathFor(key));
      if (!info.isFile()) return null;
      return { size: info.size, contentType: CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream' };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    return createReadStream(this.pathFor(key), range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<number> {
    // Keys are paths here, so a folder prefix is a directory.
    if (!prefix.endsWith('/')) throw new Error(`A prefix to delete must be a folder ending in "/": ${JSON.stringify(prefix)}`);
    const dir = this.pathFor(prefix.slice(0, -1));
    let files: number;
    try {
      files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    await rm(dir, { recursive: true, force: true });
    return files;
  }

  async deletePartialUploads(prefix: string): Promise<number> {
    // A prefix is a folder here (with its subfolders, as an S3 prefix covers every key
    // under it); what a killed putFile leaves is its `.partial` file.
    const dir = this.pathFor(prefix.replace(/\/+$/, ''));
    let names: string[];
    try {
      names = await readdir(dir, { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    const partial = names.filter((name) => name.endsWith(PARTIAL_SUFFIX));
    for (const name of partial) await rm(path.join(dir, name), { force: true });
    return partial.length;
  }
}
