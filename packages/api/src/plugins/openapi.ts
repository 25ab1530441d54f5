// The OpenAPI document, generated from the route schemas (never written by hand),
// served at GET /api/openapi.json and read by people at /docs (Swagger UI, served from
// the installed swagger-ui-dist: no CDN, so it works offline).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '@castwright/core/config';
import { completeOperations } from './openapi-operations.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Described in the document only, never used to validate or serialize: a body the route
     * reads itself (multipart), a response it sends as prepared bytes.
     */
    documented?: { body?: unknown; responses?: Record<number, unknown> };
  }
}

export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Castwright API',
        version: '1.0.0',
        description: 'Turns text, a web page or a document into a podcast episode. Every success body has `success: true`; every error body has `success: false`, `error` and `message`.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Castwright-Proprietary' },
      },
      // Relative to where the document was fetched unless PUBLIC_BASE_URL names the deployment.
      servers: [config.publicBaseUrl ? { url: config.publicBaseUrl, description: 'This deployment (PUBLIC_BASE_URL)' } : { url: '/', description: 'The server this document came from' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A JWT access token or an API key (`svc_…`)' },
        },
      },
    },
    // Shared schemas keep their $id as their name under components.schemas.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `Schema${i}`) },
    transform: ({ schema, url, route }) => {
      const documented = route.config?.documented;
      if (!documented) return { schema, url };
      const response = { ...(schema.response as object | undefined), ...documented.responses };
      return { schema: { ...schema, ...(documented.body ? { body: documented.body } : {}), response }, url } as never;
    },
    transformObject: (documentObject) => completeOperations(('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject) as Record<string, unknown>) as never,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { deepLinking: true } });
}
