// One way to authenticate: `Authorization: Bearer <token>`, where the token is a JWT
// access token or an API key (`svc_…`). Routes choose `requireUser` or `optionalUser`.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { findUserIdByApiKeyHash } from '@castwright/core/repositories/api-keys';
import { findUserById } from '@castwright/core/repositories/users';
import type { AccessTokens } from '../auth/access-tokens.ts';
import { hashSecret } from '@castwright/core/secret-hash';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { requestsPerHour } from '../rate-limit/rules.ts';

export const API_KEY_PREFIX = 'svc_';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated user, set by requireUser / optionalUser. */
    user: UserRow | null;
    /** The login the access token belongs to (absent for API keys). */
    sessionId: string | undefined;
  }
}

export interface Authenticator {
  requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  optionalUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/**
 * Identifies the caller and meters the request against the tier's hourly limit,
 * keyed by the user, so every credential of one account shares one budget.
 */
export function createAuthenticator(db: Db, accessTokens: AccessTokens, limiter: RateLimiter): Authenticator {
  async function identify(request: FastifyRequest): Promise<UserRow | null> {
    const header = request.headers.authorization;
    if (header === undefined) return null;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) throw new AppError('unauthorized', 'Authorization header must be "Bearer <token>"');
    const token = match[1];
    let userId: string | undefined;
    if (token.startsWith(API_KEY_PREFIX)) {
      userId = await findUserIdByApiKeyHash(db, hashSecret(token));
      if (!userId) throw new AppError('invalidToken', 'The API key is invalid or has been revoked');
    } else {
      const claims = await accessTokens.verify(token);
      if (!claims) throw new AppError('invalidToken');
      userId = claims.userId;
      request.sessionId = claims.sessionId;
    }
    // A deleted account's tokens stop working at once: the user row must still exist.
    const user = await findUserById(db, userId);
    if (!user) throw new AppError('invalidToken');
    return user;
  }

  async function meter(user: UserRow, reply: FastifyReply): Promise<void> {
    await limiter.enforce(requestsPerHour(user.tier), user.id, reply);
  }

  return {
    async requireUser(request, reply) {
      const user = await identify(request);
      if (!user) throw new AppError('unauthorized');
      request.user = user;
      await meter(user, reply);
    },
    async optionalUser(request, reply) {
      request.user = await identify(request);
      if (request.user) await meter(request.user, reply);
    },
  };
}

/** The user set by `requireUser`; calling it on a route without that hook is a bug. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('unauthorized');
  return request.user;
}
