// The studio's session endpoints (/api/auth/browser/*): register, log in, refresh and log
// out as the token endpoints do, except that the refresh token is never in a body. It
// travels in an httpOnly, Secure, SameSite=Strict cookie scoped to this path, so page
// script (and so an injected script) never holds it; the access token stays in the page's
// memory. Every route checks that the request comes from a page of this origin. Other
// clients keep using /api/auth/* with the refresh token in the body.
import cookie from '@fastify/cookie';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { normaliseEmail } from '@castwright/core/email-address';
import { AppError } from '@castwright/core/errors';
import { endBrowserSession, refreshBrowserSession } from '../auth/browser-session.ts';
import { logIn } from '../auth/log-in.ts';
import { registerAccount } from '../auth/register-account.ts';
import type { TokenSet } from '../auth/token-pairs.ts';
import { assertSameOrigin } from '../plugins/same-origin.ts';
import { AUTH_LIMITS } from '../rate-limit/rules.ts';
import { BrowserRegistered, BrowserSession, LoginBody, RegisterBody } from '../schemas/auth.ts';
import { errorResponses, MessageBody } from '../schemas/common.ts';
import type { ApiServices } from '../services.ts';
import { authUserView } from '../users/user-views.ts';

const REFRESH_COOKIE = '__Secure-castwright-refresh';
const COOKIE_PATH = '/api/auth/browser';
const REFRESH_TOKEN_SECONDS = 7 * 24 * 60 * 60;
const cookieOptions = { path: COOKIE_PATH, httpOnly: true, secure: true, sameSite: 'strict' } as const;
/**
 * Beside the refresh cookie, a cookie page script may read that holds no secret, only
 * "a session may be here": a visitor's first page then renews nothing, where asking would
 * be a 401 in the browser's console for every newcomer. It lives and dies with the refresh
 * cookie.
 */
const SIGNED_IN_COOKIE = '__Secure-castwright-signed-in';
const signedInOptions = { path: '/', httpOnly: false, secure: true, sameSite: 'strict' } as const;

const COOKIE_NOTE =
  'The refresh token is set as the httpOnly, Secure, SameSite=Strict cookie `__Secure-castwright-refresh` (Path=/api/auth/browser) and never appears in the body; ' +
  'beside it `__Secure-castwright-signed-in=1` (Path=/, readable by the page, no secret) tells the page a session may be there, so a visitor\'s page asks for none. ' +
  'Only pages of this origin may call it (the `Origin` header must be this server; 403 otherwise).';

export function browserSessionRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, accessTokens, limiter, config } = services;
  const sameOrigin = async (request: FastifyRequest) => assertSameOrigin(request, config.publicBaseUrl);
  const keep = (reply: FastifyReply, tokens: TokenSet) => {
    reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, { ...cookieOptions, maxAge: REFRESH_TOKEN_SECONDS });
    reply.setCookie(SIGNED_IN_COOKIE, '1', { ...signedInOptions, maxAge: REFRESH_TOKEN_SECONDS });
    return { accessToken: tokens.accessToken, expiresIn: tokens.expiresIn };
  };
  const forget = (reply: FastifyReply) => {
    reply.clearCookie(REFRESH_COOKIE, cookieOptions);
    reply.clearCookie(SIGNED_IN_COOKIE, signedInOptions);
  };
  const common = { tags: ['browser session'] };
  return async (app) => {
    // Registered here, so no other route reads cookies.
    await app.register(cookie);

    app.post('/api/auth/browser/register', {
      preHandler: [sameOrigin, async (request) => limiter.enforce(AUTH_LIMITS.register, request.ip)],
      schema: {
        ...common,
        summary: 'Create an account and start a browser session',
        description: `As POST /api/auth/register (the same limits and verification e-mail). ${COOKIE_NOTE}`,
        body: RegisterBody,
        response: { 201: BrowserRegistered, ...errorResponses(400, 403, 409, 429) },
      },
    }, async (request, reply) => {
      const { user, tokens } = await registerAccount(db, accessTokens, request.body, { fair: config.fairScheduling });
      return reply.status(201).send({
        success: true as const,
        message: 'Account created; we sent a link to confirm your e-mail address',
        user: authUserView(user),
        ...keep(reply, tokens),
      });
    });

    app.post('/api/auth/browser/login', {
      preHandler: [sameOrigin, async (request) => {
        await limiter.enforce(AUTH_LIMITS.loginClient, request.ip);
        await limiter.enforce(AUTH_LIMITS.loginAccount, `${normaliseEmail(request.body.email)}|${request.ip}`);
      }],
      schema: {
        ...common,
        summary: 'Log in and start a browser session',
        description: `As POST /api/auth/login (the same limits). ${COOKIE_NOTE}`,
        body: LoginBody,
        response: { 200: BrowserSession, ...errorResponses(400, 401, 403, 429) },
      },
    }, async (request, reply) => {
      const { user, tokens } = await logIn(db, accessTokens, request.body);
      return { success: true as const, user: authUserView(user), ...keep(reply, tokens) };
    });

    app.post('/api/auth/browser/refresh', {
      preHandler: [sameOrigin, async (request) => limiter.enforce(AUTH_LIMITS.browserRefresh, request.ip)],
      schema: {
        ...common,
        summary: 'Renew the browser session from its cookie',
        description:
          `Rotates the cookie's refresh token (each works once; a reused one revokes its whole login) and answers a new access token and the user. ` +
          `Without a valid cookie: 401, and the cookie is cleared. ${COOKIE_NOTE}`,
        response: { 200: BrowserSession, ...errorResponses(401, 403, 429) },
      },
    }, async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE];
      if (!presented) {
        forget(reply);
        throw new AppError('invalidRefreshToken', 'There is no session in this browser; sign in');
      }
      try {
        const { user, tokens } = await refreshBrowserSession(db, accessTokens, presented);
        return { success: true as const, user: authUserView(user), ...keep(reply, tokens) };
      } catch (error) {
        if (error instanceof AppError && error.code === 'invalidRefreshToken') forget(reply);
        throw error;
      }
    });

    app.post('/api/auth/browser/logout', {
      preHandler: [sameOrigin, async (request) => limiter.enforce(AUTH_LIMITS.browserRefresh, request.ip)],
      schema: {
        ...common,
        summary: 'End the browser session',
        description:
          'Revokes the cookie\'s refresh token and every token of its login, and clears the cookie. The cookie is the credential: ' +
          'no access token is needed, so signing out works after the hourly request limit is spent. Answers 200 without a cookie too.',
        response: { 200: MessageBody, ...errorResponses(403, 429) },
      },
    }, async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE];
      if (presented) await endBrowserSession(db, presented);
      forget(reply);
      return { success: true as const, message: 'Signed out' };
    });
  };
}
