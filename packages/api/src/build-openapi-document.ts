// The OpenAPI document without a running server: the app is built with services that
// exist only in name. Route plugins read their services while handling requests, never
// while registering, so the document comes out exactly as /api/openapi.json serves it.
// Used to generate the typed client (scripts/generate-client.ts).
import type { Config } from '@castwright/core/config';
import { createLogger } from '@castwright/core/logger';
import { buildApp } from './app.ts';
import type { ApiServices } from './services.ts';

const stands = new Map<string, unknown>();

/**
 * A stand-in that may be passed around and read from, but fails if it is used. The same
 * name gives the same stand-in, so plugins can still tell one (`auth.requireUser`) by identity.
 */
function absent(name: string): unknown {
  const known = stands.get(name);
  if (known) return known;
  const stand = () => undefined;
  const proxy: unknown = new Proxy(stand, {
    get: (target, key) => {
      if (key === 'then' || typeof key === 'symbol') return undefined;
      // Fastify binds hooks at registration; the bound function still fails when called.
      if (key === 'bind' || key === 'call' || key === 'apply') return Reflect.get(target, key);
      return absent(`${name}.${key}`);
    },
    apply: () => {
      throw new Error(`${name} is not available while only building the OpenAPI document`);
    },
  });
  stands.set(name, proxy);
  return proxy;
}

export async function buildOpenApiDocument(config: Config): Promise<Record<string, unknown>> {
  const services = new Proxy({ config } as ApiServices, {
    get: (target, key) => (key === 'config' ? target.config : key === 'stripe' ? undefined : absent(`services.${String(key)}`)),
  });
  const app = await buildApp(services, { logger: createLogger({ level: 'silent', role: 'openapi' }) });
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
  }
}
