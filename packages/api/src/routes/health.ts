// Liveness and readiness: healthy once the database answers.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { checkHealth } from '../health/check-health.ts';
import { errorResponses } from '../schemas/common.ts';
import { HealthReply } from '../schemas/health.ts';
import type { ApiServices } from '../services.ts';

export function healthRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get('/api/health', {
      schema: { tags: ['health'], summary: 'Service health', description: 'Whether the database answers and which voices this deployment has. Public, for load balancers and probes; 503 while the database is away.', response: { 200: HealthReply, ...errorResponses(503) } },
    }, async () => {
      await checkHealth(services.db);
      return { success: true as const, status: 'ok' as const, database: 'ok' as const };
    });
  };
}
