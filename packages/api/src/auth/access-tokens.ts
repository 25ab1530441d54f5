// JWT access tokens: HS256 only (the algorithm is pinned on verify, so `alg: none`
// and key-confusion tricks fail), a typ of `at+jwt` (a refresh token or any other
// JWT cannot pass as an access token), and exp/iat/sub required.
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { LRUCache } from 'lru-cache';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ALGORITHM = 'HS256';
const TYPE = 'at+jwt';
const ISSUER = 'castwright';

export interface AccessTokenClaims {
  userId: string;
  /** The login (refresh-token family) this token belongs to; lets a password change keep it. */
  sessionId: string | undefined;
}

/**
 * Tokens already verified, until they expire. A client sends the same token for up to 15
 * minutes; checking its signature once instead of on every request takes a WebCrypto job
 * off each request's path. Only tokens that passed every check are kept, and an entry lives
 * no longer than the token, so a cached answer is the answer verify would give.
 */
const VERIFIED_TOKENS_KEPT = 20_000;

export class AccessTokens {
  readonly #key: Uint8Array;
  readonly #verified = new LRUCache<string, AccessTokenClaims>({ max: VERIFIED_TOKENS_KEPT });

  constructor(secret: string) {
    this.#key = new TextEncoder().encode(secret);
  }

  async issue(userId: string, sessionId: string, now = Date.now()): Promise<string> {
    const issuedAt = Math.floor(now / 1000);
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: TYPE })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
      .setJti(crypto.randomUUID())
      .sign(this.#key);
  }

  /** The token's claims, or null for any token that is not a valid, current access token. */
  async verify(token: string): Promise<AccessTokenClaims | null> {
    const known = this.#verified.get(token);
    if (known) return known;
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: [ALGORITHM],
        typ: TYPE,
        issuer: ISSUER,
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      if (!payload.sub) return null;
      const claims = { userId: payload.sub, sessionId: typeof payload.sid === 'string' ? payload.sid : undefined };
      // exp is required above; the entry expires with the token.
      this.#verified.set(token, claims, { ttl: Math.max(1, (payload.exp ?? 0) * 1000 - Date.now()) });
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
