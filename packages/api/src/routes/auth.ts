// Register, log in, refresh and log out.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AppError } from '@castwright/core/errors';
import { newUserId } from '@castwright/core/ids';
import { revokeRefreshTokenOf } from '@castwright/core/repositories/refresh-tokens';
import { addJob } from '@castwright/core/jobs';
import { findUserByEmail, insertUser, normaliseEmail } from '@castwright/core/repositories/users';
import { hashPassword, passwordProblems, verifyPassword } from '../auth/passwords.ts';
import { currentUser } from '../plugins/authentication.ts';
import { AUTH_LIMITS } from '../rate-limit/rules.ts';
import { hashSecret } from '@castwright/core/secret-hash';
import { issueTokenPair, rotateRefreshToken } from '../auth/token-pairs.ts';
import { AuthUser, LoginBody, RefreshBody, RegisterBody, TokenSet } from '../schemas/auth.ts';
import { errorResponses, MessageBody } from '../schemas/common.ts';
import { bearer } from '../schemas/security.ts';
import type { ApiServices } from '../services.ts';

export function assertStrongPassword(password: string): void {
  const problems = passwordProblems(password);
  if (problems.length > 0) throw new AppError('weakPassword', problems.join('; '), { extras: { errors: problems } });
}

export function authRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, accessTokens, limiter } = services;
  return async (app) => {
    app.post('/api/auth/register', {
      preHandler: async (request) => limiter.enforce(AUTH_LIMITS.register, request.ip),
      schema: {
        tags: ['auth'],
        summary: 'Create an account',
        body: RegisterBody,
        response: {
          201: Type.Object({ success: Type.Literal(true), message: Type.String(), user: AuthUser, tokens: TokenSet }),
          ...errorResponses(400, 409, 429),
        },
      },
    }, async (request, reply) => {
      const { email, password, name } = request.body;
      assertStrongPassword(password);
      const passwordHash = await hashPassword(password);
      const user = await db.transaction().execute(async (trx) => {
        const inserted = await insertUser(trx, { id: newUserId(), email, password_hash: passwordHash, name: name?.trim() || null });
        if (inserted) await addJob(trx, 'email:verification', { userId: inserted.id });
        return inserted;
      });
      if (!user) throw new AppError('emailTaken');
      const tokens = await issueTokenPair(db, accessTokens, user.id);
      return reply.status(201).send({
        success: true as const,
        message: 'Account created; we sent a link to confirm your e-mail address',
        user: { id: user.id, email: user.email, name: user.name, tier: user.tier, emailVerified: user.email_verified },
        tokens,
      });
    });

    app.post('/api/auth/login', {
      preHandler: async (request) => {
        await limiter.enforce(AUTH_LIMITS.loginClient, request.ip);
        await limiter.enforce(AUTH_LIMITS.loginAccount, `${normaliseEmail(request.body.email)}|${request.ip}`);
      },
      schema: {
        tags: ['auth'],
        summary: 'Log in with e-mail and password',
        body: LoginBody,
        response: {
          200: Type.Object({ success: Type.Literal(true), user: AuthUser, tokens: TokenSet }),
          ...errorResponses(400, 401, 429),
        },
      },
    }, async (request) => {
      const user = await findUserByEmail(db, request.body.email);
      const valid = await verifyPassword(user?.password_hash, request.body.password);
      if (!user || !valid) throw new AppError('invalidCredentials');
      const tokens = await issueTokenPair(db, accessTokens, user.id);
      return { success: true as const, user: { id: user.id, email: user.email, name: user.name, tier: user.tier }, tokens };
    });

    app.post('/api/auth/refresh', {
      preHandler: async (request) => limiter.enforce(AUTH_LIMITS.refresh, request.ip),
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for a new token pair (rotation)',
        description: 'Each refresh token works once. Presenting a used token revokes every token descended from the same login.',
        body: RefreshBody,
        response: { 200: Type.Object({ success: Type.Literal(true), tokens: TokenSet }), ...errorResponses(400, 401, 429) },
      },
    }, async (request) => {
      return { success: true as const, tokens: await rotateRefreshToken(db, accessTokens, request.body.refreshToken) };
    });

    app.post('/api/auth/logout', {
      preHandler: services.auth.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Revoke a refresh token (and every token of its login)',
        security: bearer,
        body: RefreshBody,
        response: { 200: MessageBody, ...errorResponses(400, 401) },
      },
    }, async (request) => {
      const user = currentUser(request);
      await revokeRefreshTokenOf(db, user.id, hashSecret(request.body.refreshToken));
      return { success: true as const, message: 'Logged out' };
    });
  };
}
