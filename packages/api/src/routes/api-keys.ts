// POST and DELETE /api/user/api-key.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_KEY_MIN_TIER } from '@castwright/core/tiers';
import { currentUser } from '../plugins/authentication.ts';
import { idempotentAnswer } from '../plugins/idempotent-answer.ts';
import { requireTier } from '../plugins/require-tier.ts';
import { AUTH_LIMITS } from '../rate-limit/rules.ts';
import { errorResponses, MessageBody } from '../schemas/common.ts';
import { bearer } from '../schemas/security.ts';
import { ApiKeyReply } from '../schemas/user.ts';
import type { ApiServices } from '../services.ts';
import { API_KEY_WARNING, generateApiKey, revokeApiKey } from '../users/api-key.ts';

export function apiKeyRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  const { db, auth, limiter } = services;
  return async (app) => {
    app.post('/api/user/api-key', {
      config: { idempotent: true },
      preHandler: [
        auth.requireUser,
        requireTier(API_KEY_MIN_TIER, 'API keys'),
        async (request) => limiter.enforce(AUTH_LIMITS.apiKeyGeneration, currentUser(request).id),
      ],
      schema: {
        tags: ['user'],
        summary: 'Generate an API key (revokes the previous one)',
        description: 'Creator tier and up; 3 generations a day. The key is returned once and never again.',
        security: bearer,
        response: { 200: ApiKeyReply, ...errorResponses(401, 403, 429) },
      },
    }, async (request, reply) => {
      const answer = idempotentAnswer(request, reply, 200, (apiKey: string) => ({ success: true as const, apiKey, warning: API_KEY_WARNING }));
      await generateApiKey(db, currentUser(request), answer);
      return answer.send();
    });

    app.delete('/api/user/api-key', {
      preHandler: auth.requireUser,
      schema: { tags: ['user'], summary: 'Revoke your API key', description: 'The key stops working at once; access tokens are not affected.', security: bearer, response: { 200: MessageBody, ...errorResponses(401, 429) } },
    }, async (request) => {
      const revoked = await revokeApiKey(db, currentUser(request));
      return { success: true as const, message: revoked ? 'API key revoked' : 'You have no active API key' };
    });
  };
}
