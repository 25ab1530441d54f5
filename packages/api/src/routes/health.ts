// Liveness and readiness: healthy once the database answers.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import Type from 'typebox';
import { AppError } from '@castwright/core/errors';
import type { ApiServices } from '../services.ts';
import { errorResponses } from '../schemas/common.ts';

export function healthRoutes(services: ApiServices): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get('/api/health', {
      schema: {
        tags: ['health'],
        summary: 'Service health',
        response: {
          200: Type.Object({ success: Type.Literal(true), status: Type.Literal('ok'), database: Type.Literal('ok') }),
          ...errorResponses(503),
        },
      },
    }, async () => {
      try {
        await sql`SELECT 1`.execute(services.db);
      } catch {
        throw new AppError('unavailable', 'The database is not reachable');
      }
      return { success: true as const, status: 'ok' as const, database: 'ok' as const };
    });
  };
}
