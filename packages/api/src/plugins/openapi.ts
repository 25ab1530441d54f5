// The OpenAPI document, generated from the route schemas (never written by hand),
// served at GET /api/openapi.json.
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Castwright API',
        version: '1.0.0',
        description: 'Turns text, a web page or a document into a podcast episode. Every success body has `success: true`; every error body has `success: false`, `error` and `message`.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A JWT access token or an API key (`svc_…`)' },
        },
      },
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
