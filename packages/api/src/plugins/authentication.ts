// One way to authenticate: `Authorization: Bearer <token>`, where the token is a JWT
// access token or an API key (`svc_…`). Routes choose `requireUser` or `optionalUser`.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { selectUserIdByApiKeyHash } from '@castwright/core/repositories/api-keys';
import type { AccessTokens } from '../auth/access-tokens.ts';
import { hashSecret } from '@castwright/core/secret-hash';
import { rateLimitHeaders, type RateLimiter } from '../rate-limit/rate-limiter.ts';
import { RequestMeter } from '../rate-limit/request-meter.ts';
import { requestsPerHour } from '../rate-limit/rules.ts';

export const API_KEY_PREFIX = 'svc_';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
 * keyed by the user, so every credential of one account shares one budget. Loading the
 * user and counting the request are one statement, shared by the requests of one
 * event-loop turn (RequestMeter): the hot path pays at most one round trip here.
 */
export function createAuthenticator(db: Db, accessTokens: AccessTokens, limiter: RateLimiter): Authenticator {
  const meter = new RequestMeter(db, limiter);

  /** The account a credential names, or null without an Authorization header. */
  async function userIdOf(request: FastifyRequest): Promise<string | null> {
    const header = request.headers.authorization;
    if (header === undefined) return null;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) throw new AppError('unauthorized', 'Authorization header must be "Bearer <token>"');
    const token = match[1];
    if (token.startsWith(API_KEY_PREFIX)) {
      const userId = await selectUserIdByApiKeyHash(db, hashSecret(token));
      if (!userId) throw new AppError('invalidToken', 'The API key is invalid or has been revoked');
      return userId;
    }
    const claims = await accessTokens.verify(token);
    // Our tokens name a user by UUID; anything else (only possible with a leaked signing key)
    // must not reach the batched statement, where a bad UUID would fail its neighbours too.
    if (!claims || !UUID.test(claims.userId)) throw new AppError('invalidToken');
    request.sessionId = claims.sessionId;
    return claims.userId;
  }

  async function identifyAndMeter(request: FastifyRequest, reply: FastifyReply): Promise<UserRow | null> {
    const userId = await userIdOf(request);
    if (userId === null) return null;
    // The counter does not depend on the tier, so the tier can come with the count.
    const metered = await meter.count(userId);
    // A deleted account's tokens stop working at once: the user row must still exist.
    if (!metered) throw new AppError('invalidToken');
    reply.headers(rateLimitHeaders(await limiter.judge(requestsPerHour(metered.user.tier), metered.counter, metered.counts)));
    return metered.user;
  }

  return {
    async requireUser(request, reply) {
      const user = await identifyAndMeter(request, reply);
      if (!user) throw new AppError('unauthorized');
      request.user = user;
    },
    async optionalUser(request, reply) {
      request.user = await identifyAndMeter(request, reply);
    },
  };
}

/** The user set by `requireUser`; calling it on a route without that hook is a bug. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('unauthorized');
  return request.user;
}
