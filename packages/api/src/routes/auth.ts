// Register, log in, refresh and log out.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { normaliseEmail } from '@castwright/core/email-address';
import { logIn, logOut } from '../auth/log-in.ts';
import { registerAccount } from '../auth/register-account.ts';
import { rotateRefreshToken } from '../auth/token-pairs.ts';
import { currentUser } from '../plugins/authentication.ts';
import { AUTH_LIMITS } from '../rate-limit/rules.ts';
import { LoggedIn, LoginBody, RefreshBody, RegisterBody, Registered, TokensReply } from '../schemas/auth.ts';
import { errorResponses, MessageBody } from '../schemas/common.ts';
import { bearer } from '../schemas/security.ts';
import type { ApiServices } from '../services.ts';
import { authUserView } from '../users/user-views.ts';

export function authRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, accessTokens, limiter } = services;
  return async (app) => {
    app.post('/api/auth/register', {
      preHandler: async (request) => limiter.enforce(AUTH_LIMITS.register, request.ip),
      schema: {
        tags: ['auth'],
        summary: 'Create an account', description: 'Creates a free-tier account and logs it in: the answer carries the user and a token pair. A verification e-mail is queued. Limited per client address (3 an hour).',
        body: RegisterBody,
        response: { 201: Registered, ...errorResponses(400, 409, 429) },
      },
    }, async (request, reply) => {
      const { user, tokens } = await registerAccount(db, accessTokens, request.body, { fair: services.config.fairScheduling });
      return reply.status(201).send({
        success: true as const,
        message: 'Account created; we sent a link to confirm your e-mail address',
        user: authUserView(user),
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
        summary: 'Log in with e-mail and password', description: 'Answers a fresh token pair (a 15-minute access token and a rotating refresh token). Failed attempts are limited per account and client address.',
        body: LoginBody,
        response: { 200: LoggedIn, ...errorResponses(400, 401, 429) },
      },
    }, async (request) => {
      const { user, tokens } = await logIn(db, accessTokens, request.body);
      return { success: true as const, user: authUserView(user), tokens };
    });

    app.post('/api/auth/refresh', {
      preHandler: async (request) => limiter.enforce(AUTH_LIMITS.refresh, request.ip),
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for a new token pair (rotation)',
        description: 'Each refresh token works once. Presenting a used token revokes every token descended from the same login.',
        body: RefreshBody,
        response: { 200: TokensReply, ...errorResponses(400, 401, 429) },
      },
    }, async (request) => ({ success: true as const, tokens: await rotateRefreshToken(db, accessTokens, request.body.refreshToken) }));

    app.post('/api/auth/logout', {
      preHandler: services.auth.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Revoke a refresh token (and every token of its login)', description: 'Ends one login: the refresh token and every token rotated from it stop working. Other logins of the account are kept.',
        security: bearer,
        body: RefreshBody,
        response: { 200: MessageBody, ...errorResponses(400, 401) },
      },
    }, async (request) => {
      await logOut(db, currentUser(request).id, request.body.refreshToken);
      return { success: true as const, message: 'Logged out' };
    });
  };
}
