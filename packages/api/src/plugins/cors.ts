// CORS for browser apps on other origins: off unless CORS_ORIGINS lists them. The API
// authenticates with a bearer token in the Authorization header, never a cookie, so no
// response ever carries Access-Control-Allow-Credentials (and `*` stays a plain wildcard).
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '@castwright/core/config';

/** How long a browser may reuse a preflight answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

export async function registerCors(app: FastifyInstance, config: Config): Promise<void> {
  if (config.corsOrigins !== '*' && config.corsOrigins.length === 0) return;
  await app.register(cors, {
    origin: config.corsOrigins === '*' ? '*' : config.corsOrigins,
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Range', 'If-None-Match', 'If-Modified-Since', 'If-Match', 'Idempotency-Key', 'Last-Event-ID'],
    // What a browser app needs to read: limits, retry hints, download metadata, validators and replays.
    exposedHeaders: ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'Content-Range', 'Content-Disposition', 'ETag', 'Last-Modified', 'Idempotent-Replayed'],
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    strictPreflight: true,
  });
}
