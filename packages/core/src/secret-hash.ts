// Opaque secrets (refresh tokens, API keys) are high-entropy random strings, so a plain
// SHA-256 is the right way to store them: only the hash is kept, and look-ups stay indexed.
import { createHash, randomBytes } from 'node:crypto';

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** 256 random bits, URL-safe. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}
