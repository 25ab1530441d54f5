// Downloads Kokoro's weights and voices into the model directory, checking each
// file's size and SHA-256 against the pinned manifest while it streams. A file
// lands under its final name only once verified (written to `.part`, then
// renamed), so an interrupted or tampered download never looks installed.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { KOKORO_FILES, type PinnedFile } from './kokoro-files.ts';

export class ModelDownloadError extends Error {
  override name = 'ModelDownloadError';
}

export interface PullOptions {
  modelDir: string;
  /** Defaults to the pinned Kokoro manifest. */
  files?: readonly PinnedFile[];
  onProgress?(event: { file: string; status: 'present' | 'downloaded'; bytes: number }): void;
  signal?: AbortSignal;
}

async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

async function isPresent(file: string, pinned: PinnedFile): Promise<boolean> {
  const info = await stat(file).catch(() => undefined);
  return info?.size === pinned.bytes && (await sha256OfFile(file)) === pinned.sha256;
}

async function download(pinned: PinnedFile, target: string, signal: AbortSignal | undefined): Promise<void> {
  const response = await fetch(pinned.url, { signal, redirect: 'follow' });
  if (!response.ok || !response.body) throw new ModelDownloadError(`${pinned.url}: HTTP ${response.status}`);
  const hash = createHash('sha256');
  let received = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      // Stop at once on an oversized body instead of filling the disk.
      if (received > pinned.bytes) return callback(new ModelDownloadError(`${pinned.url} is larger than the pinned ${pinned.bytes} bytes`));
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  const partial = `${target}.part`;
  try {
    await pipeline(Readable.fromWeb(response.body), meter, createWriteStream(partial), { signal });
    const digest = hash.digest('hex');
    if (received !== pinned.bytes || digest !== pinned.sha256) {
      throw new ModelDownloadError(
        `${pinned.url} does not match its pin (got ${received} bytes, sha256 ${digest}; expected ${pinned.bytes} bytes, ${pinned.sha256})`,
      );
    }
    await rename(partial, target);
  } finally {
    await rm(partial, { force: true });
  }
}

/** Makes `modelDir` hold every pinned file; returns how many were downloaded. */
export async function pullKokoro(options: PullOptions): Promise<{ downloaded: number; present: number }> {
  const files = options.files ?? KOKORO_FILES;
  let downloaded = 0;
  let present = 0;
  for (const pinned of files) {
    const target = path.resolve(options.modelDir, pinned.path);
    if (!target.startsWith(path.resolve(options.modelDir) + path.sep)) throw new ModelDownloadError(`Bad manifest path ${pinned.path}`);
    await mkdir(path.dirname(target), { recursive: true });
    if (await isPresent(target, pinned)) {
      present++;
      options.onProgress?.({ file: pinned.path, status: 'present', bytes: pinned.bytes });
      continue;
    }
    await download(pinned, target, options.signal);
    downloaded++;
    options.onProgress?.({ file: pinned.path, status: 'downloaded', bytes: pinned.bytes });
  }
  return { downloaded, present };
}
