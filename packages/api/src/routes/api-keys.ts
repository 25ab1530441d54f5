// API keys: `svc_` + 256 random bits, shown once, stored as a SHA-256 hash. One
// current key per user; generating revokes the previous one.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AppError } from '@castwright/core/errors';
import { newId } from '@castwright/core/ids';
import { replaceApiKey, revokeApiKey } from '@castwright/core/repositories/api-keys';
import { hashSecret, randomSecret } from '@castwright/core/secret-hash';
import { TIERS } from '@castwright/core/tiers';
import { API_KEY_PREFIX, currentUser } from '../plugins/authentication.ts';
import { AUTH_LIMITS } from '../rate-limit/rules.ts';
import { errorResponses, MessageBody } from '../schemas/common.ts';
import { bearer } from '../schemas/security.ts';
import type { ApiServices } from '../services.ts';

export const API_KEY_WARNING = 'Store this key now: it is shown only once. Anyone holding it can act as you; revoke it with DELETE /api/user/api-key.';

export function apiKeyRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth, limiter } = services;
  return async (app) => {
    app.post('/api/user/api-key', {
      preHandler: [
        auth.requireUser,
        async (request) => {
          const user = currentUser(request);
          if (TIERS.indexOf(user.tier) < TIERS.indexOf('creator')) {
            throw new AppError('tierRequired', 'API keys need the creator tier or higher', { extras: { upgrade: { message: 'Upgrade to use API keys', url: '/api/billing/pricing' } } });
          }
          await limiter.enforce(AUTH_LIMITS.apiKeyGeneration, user.id);
        },
      ],
      schema: {
        tags: ['user'],
        summary: 'Generate an API key (revokes the previous one)',
        description: 'Creator tier and up; 3 generations a day. The key is returned once and never again.',
        security: bearer,
        response: {
          200: Type.Object({ success: Type.Literal(true), apiKey: Type.String({ pattern: '^svc_' }), warning: Type.String() }),
          ...errorResponses(401, 403, 429),
        },
      },
    }, async (request) => {
      const user = currentUser(request);
      const apiKey = `${API_KEY_PREFIX}${randomSecret()}`;
      await db.transaction().execute((trx) =>
        replaceApiKey(trx, { id: newId('apiKey'), userId: user.id, keyHash: hashSecret(apiKey), lastFour: apiKey.slice(-4) }),
      );
      return { success: true as const, apiKey, warning: API_KEY_WARNING };
    });

    app.delete('/api/user/api-key', {
      preHandler: auth.requireUser,
      schema: { tags: ['user'], summary: 'Revoke your API key', security: bearer, response: { 200: MessageBody, ...errorResponses(401, 429) } },
    }, async (request) => {
      const revoked = await revokeApiKey(db, currentUser(request).id);
      return { success: true as const, message: revoked ? 'API key revoked' : 'You have no active API key' };
    });
  };
}
