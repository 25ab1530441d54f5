// Forgotten passwords and e-mail verification: the endpoints that act on single-use
// tokens sent by e-mail.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AppError } from '@castwright/core/errors';
import { addJob } from '@castwright/core/jobs';
import { consumeAccountToken } from '@castwright/core/repositories/account-tokens';
import { revokeUserSessions } from '@castwright/core/repositories/refresh-tokens';
import { markEmailVerified, normaliseEmail, updatePasswordHash } from '@castwright/core/repositories/users';
import { hashSecret } from '@castwright/core/secret-hash';
import { hashPassword } from '../auth/passwords.ts';
import { currentUser } from '../plugins/authentication.ts';
import { AUTH_LIMITS } from '../rate-limit/rules.ts';
import { NewPassword } from '../schemas/auth.ts';
import { errorResponses, MessageBody } from '../schemas/common.ts';
import { bearer } from '../schemas/security.ts';
import type { ApiServices } from '../services.ts';
import { assertStrongPassword } from './auth.ts';

const RESET_REQUESTED = 'If an account exists for that e-mail address, we have sent it a link to reset the password.';
const Token = Type.String({ minLength: 1, maxLength: 256 });

export function accountTokenRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, limiter, auth } = services;
  return async (app) => {
    app.post('/api/auth/request-password-reset', {
      preHandler: async (request) => limiter.enforce(AUTH_LIMITS.passwordResetRequest, request.ip),
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset link',
        description: 'Always answers 200 with the same message, whether or not the account exists. The link is valid for one hour and works once.',
        body: Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }) }),
        response: { 200: MessageBody, ...errorResponses(400, 429) },
      },
    }, async (request) => {
      // The same single job insert for every address: neither the answer nor its timing
      // depends on whether the account exists. The worker looks the address up.
      await addJob(db, 'email:password-reset', { email: normaliseEmail(request.body.email) });
      return { success: true as const, message: RESET_REQUESTED };
    });

    app.post('/api/auth/reset-password', {
      preHandler: async (request) => limiter.enforce(AUTH_LIMITS.passwordReset, request.ip),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token',
        description: 'Ends every session of the account: all refresh tokens are revoked.',
        body: Type.Object({ token: Token, password: NewPassword }),
        response: { 200: MessageBody, ...errorResponses(400, 429) },
      },
    }, async (request) => {
      // Checked first, so a weak password does not use up the token.
      assertStrongPassword(request.body.password);
      const passwordHash = await hashPassword(request.body.password);
      const changed = await db.transaction().execute(async (trx) => {
        const userId = await consumeAccountToken(trx, 'password_reset', hashSecret(request.body.token));
        if (!userId) return false;
        await updatePasswordHash(trx, userId, passwordHash);
        await revokeUserSessions(trx, userId);
        return true;
      });
      if (!changed) throw new AppError('invalidResetToken');
      return { success: true as const, message: 'Your password has been changed; log in with the new one' };
    });

    const verify = async (token: string) => {
      const verified = await db.transaction().execute(async (trx) => {
        const userId = await consumeAccountToken(trx, 'email_verification', hashSecret(token));
        if (userId) await markEmailVerified(trx, userId);
        return Boolean(userId);
      });
      if (!verified) throw new AppError('invalidResetToken', 'The verification link is invalid, used or expired');
      return { success: true as const, message: 'Your e-mail address is confirmed' };
    };
    const verifySchema = {
      tags: ['auth'],
      summary: 'Confirm an e-mail address with the token from the verification e-mail',
      description: 'Sets `emailVerified` to true. The link in the e-mail points at the GET form; the token works once and for 24 hours.',
      response: { 200: MessageBody, ...errorResponses(400, 429) },
    };
    app.post('/api/auth/verify-email', {
      preHandler: async (request) => limiter.enforce(AUTH_LIMITS.emailVerification, request.ip),
      schema: { ...verifySchema, body: Type.Object({ token: Token }) },
    }, async (request) => verify(request.body.token));
    app.get('/api/auth/verify-email', {
      preHandler: async (request) => limiter.enforce(AUTH_LIMITS.emailVerification, request.ip),
      schema: { ...verifySchema, querystring: Type.Object({ token: Token }) },
    }, async (request) => verify(request.query.token));

    app.post('/api/auth/resend-verification', {
      preHandler: [auth.requireUser, async (request) => limiter.enforce(AUTH_LIMITS.emailVerification, currentUser(request).id)],
      schema: {
        tags: ['auth'],
        summary: 'Send the verification e-mail again',
        security: bearer,
        response: { 200: MessageBody, ...errorResponses(401, 429) },
      },
    }, async (request) => {
      const user = currentUser(request);
      if (user.email_verified) return { success: true as const, message: 'Your e-mail address is already confirmed' };
      await addJob(db, 'email:verification', { userId: user.id });
      return { success: true as const, message: 'We have sent a new confirmation link' };
    });
  };
}
