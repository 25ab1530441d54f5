// What makes two requests "the same request" for an Idempotency-Key: the method, the path
// (with its query) and the body. A JSON body is compared by value (canonical JSON: key
// order and spacing do not matter); a multipart body by its fields and its files' hashes
// (form-digest.ts), never by its bytes, which carry a random boundary.
import { createHash } from 'node:crypto';
import { stringify } from 'safe-stable-stringify';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A parsed JSON body's digest; no body and an empty one are the same. */
export function jsonBodyDigest(body: unknown): string {
  return body === undefined || body === null ? '' : sha256(stringify(body) ?? '');
}

export function requestFingerprint(method: string, path: string, bodyDigest: string): string {
  return sha256(`${method.toUpperCase()}\n${path}\n${bodyDigest}`);
}
