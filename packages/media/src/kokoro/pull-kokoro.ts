// Downloads Kokoro's weights and voices into the model directory, checking each
// file's size and SHA-256 against the pinned manifest while it streams. A file
// lands under its final name only once verified (written to `.part`, then
// renamed), so an interrupted or tampered download never looks installed; an
// interrupted one continues from its `.part` next time (HTTP Range).
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

export type PullEvent =
  | { file: string; status: 'present' | 'downloaded'; bytes: number; total: number }
  /** While a file streams in: `bytes` so far of `total`; `resumedFrom` when it continued a `.part`. */
  | { file: string; status: 'downloading'; bytes: number; total: number; resumedFrom: number };

export interface PullOptions {
  modelDir: string;
  /** Defaults to the pinned Kokoro manifest. */
  files?: readonly PinnedFile[];
  onProgress?(event: PullEvent): void;
  signal?: AbortSignal;
}

/** Feeds the file into `hash` (left open, so a resumed download can go on with it). */
async function sha256OfFile(file: string, hash = createHash('sha256')): Promise<string> {
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.copy().digest('hex');
}

async function isPresent(file: string, pinned: PinnedFile): Promise<boolean> {
  const info = await stat(file).catch(() => undefined);
  return info?.size === pinned.bytes && (await sha256OfFile(file)) === pinned.sha256;
}

/** `bytes <first>-<last>/<total>` of a 206, as numbers. */
function contentRange(header: string | null): { first: number; last: number; total: number } | undefined {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header ?? '');
  return match ? { first: Number(match[1]), last: Number(match[2]), total: Number(match[3]) } : undefined;
}

/**
 * Fetches the file into `<target>.part`, continuing an earlier interrupted download with a
 * Range request when the server honours it (the kept bytes are hashed again first, so the
 * whole file is still checked against its pin). A `.part` is kept when the transfer is cut
 * off (to resume next time) and deleted when the bytes are wrong.
 */
async function download(pinned: PinnedFile, target: string, options: PullOptions): Promise<void> {
  const partial = `${target}.part`;
  const hash = createHash('sha256');
  let kept = (await stat(partial).catch(() => undefined))?.size ?? 0;
  if (kept >= pinned.bytes) {
    await rm(partial, { force: true });
    kept = 0;
  }
  if (kept > 0) await sha256OfFile(partial, hash);
  const response = await fetch(pinned.url, {
    signal: options.signal,
    redirect: 'follow',
    headers: kept > 0 ? { range: `bytes=${kept}-` } : {},
  });
  const range = response.status === 206 ? contentRange(response.headers.get('content-range')) : undefined;
  const resumedFrom = range && range.first === kept && range.total === pinned.bytes ? kept : 0;
  if (!(response.status === 200 || (response.status === 206 && resumedFrom > 0)) || !response.body) {
    await response.body?.cancel();
    throw new ModelDownloadError(`${pinned.url}: HTTP ${response.status}${response.status === 206 ? ` with an unexpected Content-Range ${response.headers.get('content-range')}` : ''}`);
  }
  // A plain 200 is the whole file: start the .part and the hash afresh.
  const restartHash = resumedFrom === 0 && kept > 0;
  const digestFrom = restartHash ? createHash('sha256') : hash;
  let received = resumedFrom;
  options.onProgress?.({ file: pinned.path, status: 'downloading', bytes: received, total: pinned.bytes, resumedFrom });
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      // Stop at once on an oversized body instead of filling the disk.
      if (received > pinned.bytes) return callback(new ModelDownloadError(`${pinned.url} is larger than the pinned ${pinned.bytes} bytes`));
      digestFrom.update(chunk);
      options.onProgress?.({ file: pinned.path, status: 'downloading', bytes: received, total: pinned.bytes, resumedFrom });
      callback(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(response.body), meter, createWriteStream(partial, { flags: resumedFrom > 0 ? 'a' : 'w' }), { signal: options.signal });
    const digest = digestFrom.digest('hex');
    if (received !== pinned.bytes || digest !== pinned.sha256) {
      throw new ModelDownloadError(
        `${pinned.url} does not match its pin (got ${received} bytes, sha256 ${digest}; expected ${pinned.bytes} bytes, ${pinned.sha256})`,
      );
    }
    await rename(partial, target);
  } catch (error) {
    // Wrong bytes are never resumed from; a transfer cut short is.
    if (error instanceof ModelDownloadError) await rm(partial, { force: true });
    throw error;
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
      options.onProgress?.({ file: pinned.path, status: 'present', bytes: pinned.bytes, total: pinned.bytes });
      continue;
    }
    await download(pinned, target, options);
    downloaded++;
    options.onProgress?.({ file: pinned.path, status: 'downloaded', bytes: pinned.bytes, total: pinned.bytes });
  }
  return { downloaded, present };
}
