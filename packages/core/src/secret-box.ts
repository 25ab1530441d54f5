// Secrets the server must read back later (a webhook's signing secret: it signs every
// delivery, so it cannot be hashed like a password) are stored encrypted: AES-256-GCM
// under a key derived from SECRETS_ENCRYPTION_KEY (or one generated once under
// DATA_DIR/secrets), with the owning row's id as associated data, so a ciphertext copied
// onto another row does not decrypt. A database dump alone reveals no secret.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from './config.ts';
import { loadOrCreateSecret } from './secrets.ts';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBox {
  readonly #key: Buffer;

  constructor(keyMaterial: string) {
    // HKDF turns any long-enough string (a generated one, or an operator's) into a 256-bit key.
    this.#key = Buffer.from(hkdfSync('sha256', keyMaterial, 'castwright', 'secret-box v1', 32));
  }

  /** `v1.<iv>.<ciphertext>.<tag>` (base64url), bound to `context` (the row's id). */
  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, ciphertext, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  /** The plaintext; throws when the value was sealed under another key or for another row. */
  open(sealed: string, context: string): string {
    const [version, iv, ciphertext, tag] = sealed.split('.');
    if (version !== VERSION || iv === undefined || ciphertext === undefined || tag === undefined) throw new Error('Not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** The file a generated key is kept in, under DATA_DIR/secrets (`castwright start` creates it before the roles start). */
export const SECRETS_KEY_FILE = 'secrets-encryption-key';

export async function loadSecretBox(config: Config): Promise<SecretBox> {
  return new SecretBox(config.secretsEncryptionKey ?? (await loadOrCreateSecret(config.dataDir, SECRETS_KEY_FILE)));
}
