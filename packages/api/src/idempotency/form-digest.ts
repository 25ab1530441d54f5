// The digest of a multipart form as it streams: each field by name and value, each file by
// its field name, file name and the SHA-256 of its bytes, hashed as they pass on their way
// to disk (never buffered). Entries are sorted, so the order a client wrote them in does
// not matter; the result is what an upload's Idempotency-Key fingerprint compares.
import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

export class FormDigest {
  readonly #entries: string[] = [];

  addField(name: string, value: unknown): void {
    this.#entries.push(`field ${JSON.stringify(name)}=${JSON.stringify(value)}`);
  }

  /** A pass-through the file's bytes flow through; its entry is added when they end. */
  fileHasher(name: string, filename: string): Transform {
    const hash = createHash('sha256');
    return new Transform({
      transform: (chunk: Buffer, _encoding, callback) => {
        hash.update(chunk);
        callback(null, chunk);
      },
      flush: (callback) => {
        this.#entries.push(`file ${JSON.stringify(name)} ${JSON.stringify(filename)} sha256=${hash.digest('hex')}`);
        callback();
      },
    });
  }

  /** Of every part read so far. */
  digest(): string {
    return createHash('sha256').update([...this.#entries].sort().join('\n')).digest('hex');
  }
}
