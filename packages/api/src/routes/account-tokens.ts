// Forgotten passwords and e-mail verification: the endpoints that act on single-use
// tokens sent by e-mail.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requestPasswordReset, resetPassword } from '../auth/reset-password.ts';
import { resendVerification, verifyEmail } from '../auth/verify-email.ts';
import { currentUser } from '../plugins/authentication.ts';
import { AUTH_LIMITS } from '../rate-limit/rules.ts';
import { PasswordResetBody, PasswordResetRequestBody, TokenBody, TokenQuery } from '../schemas/auth.ts';
import { errorResponses, MessageBody } from '../schemas/common.ts';
import { bearer } from '../schemas/security.ts';
import type { ApiServices } from '../services.ts';

const RESET_REQUESTED = 'If an account exists for that e-mail address, we have sent it a link to reset the password.';
const EMAIL_CONFIRMED = { success: true as const, message: 'Your e-mail address is confirmed' };

export function accountTokenRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, limiter, auth } = services;
  return async (app) => {
    app.post('/api/auth/request-password-reset', {
      preHandler: async (request) => limiter.enforce(AUTH_LIMITS.passwordResetRequest, request.ip),
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset link',
        description: 'Always answers 200 with the same message, whether or not the account exists. The link is valid for one hour and works once.',
        body: PasswordResetRequestBody,
        response: { 200: MessageBody, ...errorResponses(400, 429) },
      },
    }, async (request) => {
      await requestPasswordReset(db, request.body.email, { fair: services.config.fairScheduling });
      return { success: true as const, message: RESET_REQUESTED };
    });

    app.post('/api/auth/reset-password', {
      preHandler: async (request) => limiter.enforce(AUTH_LIMITS.passwordReset, request.ip),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token',
        description: 'Ends every session of the account: all refresh tokens are revoked.',
        body: PasswordResetBody,
        response: { 200: MessageBody, ...errorResponses(400, 429) },
      },
    }, async (request) => {
      await resetPassword(db, request.body.token, request.body.password);
      return { success: true as const, message: 'Your password has been changed; log in with the new one' };
    });

    const verifySchema = {
      tags: ['auth'],
      summary: 'Confirm an e-mail address with the token from the verification e-mail',
      description: 'Sets `emailVerified` to true. The link in the e-mail points at the GET form; the token works once and for 24 hours.',
      response: { 200: MessageBody, ...errorResponses(400, 429) },
    };
    app.post('/api/auth/verify-email', {
      preHandler: async (request) => limiter.enforce(AUTH_LIMITS.emailVerification, request.ip),
      schema: { ...verifySchema, body: TokenBody },
    }, async (request) => {
      await verifyEmail(db, request.body.token);
      return EMAIL_CONFIRMED;
    });
    app.get('/api/auth/verify-email', {
      preHandler: async (request) => limiter.enforce(AUTH_LIMITS.emailVerification, request.ip),
      schema: { ...verifySchema, querystring: TokenQuery },
    }, async (request) => {
      await verifyEmail(db, request.query.token);
      return EMAIL_CONFIRMED;
    });

    app.post('/api/auth/resend-verification', {
      preHandler: [auth.requireUser, async (request) => limiter.enforce(AUTH_LIMITS.emailVerification, currentUser(request).id)],
      schema: {
        tags: ['auth'],
        summary: 'Send the verification e-mail again', description: 'Queues a new verification link for the signed-in account, unless it is already verified; limited per user.',
        security: bearer,
        response: { 200: MessageBody, ...errorResponses(401, 429) },
      },
    }, async (request) => {
      const sent = await resendVerification(db, currentUser(request), { fair: services.config.fairScheduling });
      return { success: true as const, message: sent ? 'We have sent a new confirmation link' : 'Your e-mail address is already confirmed' };
    });
  };
}
