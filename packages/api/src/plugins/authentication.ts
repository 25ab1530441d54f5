// One way to authenticate: `Authorization: Bearer <token>`, where the token is a JWT
// access token or an API key (`svc_…`). Routes choose `requireUser` or `optionalUser`.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@castwright/core/db/connect';
import type { UserRow } from '@castwright/core/db/schema';
import { AppError } from '@castwright/core/errors';
import { findUserIdByApiKeyHash } from '@castwright/core/repositories/api-keys';
import { findUserById } from '@castwright/core/repositories/users';
import type { AccessTokens } from '../auth/access-tokens.ts';
import { hashSecret } from '../auth/secret-hash.ts';

export const API_KEY_PREFIX = 'svc_';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated user, set by requireUser / optionalUser. */
    user: UserRow | null;
  }
}

export interface Authenticator {
  requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  optionalUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

export function createAuthenticator(db: Db, accessTokens: AccessTokens): Authenticator {
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
      userId = (await accessTokens.verify(token))?.userId;
      if (!userId) throw new AppError('invalidToken');
    }
    // A deleted account's tokens stop working at once: the user row must still exist.
    const user = await findUserById(db, userId);
    if (!user) throw new AppError('invalidToken');
    return user;
  }

  return {
    async requireUser(request) {
      const user = await identify(request);
      if (!user) throw new AppError('unauthorized');
      request.user = user;
    },
    async optionalUser(request) {
      request.user = await identify(request);
    },
  };
}

/** The user set by `requireUser`; calling it on a route without that hook is a bug. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('unauthorized');
  return request.user;
}
