// The studio (packages/studio, built by Vite into packages/studio/dist) served at `/` on
// the API's own origin: hashed assets under /assets/ with a year's immutable caching, and
// index.html (revalidated on every use) for each page the studio's router knows. Only
// these paths are claimed, so /api, /docs, /feeds and unknown paths answer as before.
// Pages carry a strict Content-Security-Policy: scripts and styles from this origin only,
// no inline script, no framing; the API's own answers keep their headers.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The studio's pages (the routes in packages/studio/src/app.tsx); a new page there is added here. */
export const STUDIO_PAGES = [
  '/', '/sign-in', '/sign-up', '/forgot-password', '/reset-password', '/verify-email',
  '/episodes', '/episodes/*', '/shows', '/shows/*', '/playlists', '/playlists/*', '/webhooks', '/webhooks/*',
  '/briefings', '/briefings/*', '/pronunciations', '/voices', '/account', '/account/*',
];

export const DEFAULT_STUDIO_DIR = path.resolve(import.meta.dirname, '..', '..', '..', 'studio', 'dist');

const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  // blob: is the private audio the player fetched with the access token.
  "media-src 'self' blob:",
  // Avatars are any HTTPS address the user chose; blob: is a show's cover, fetched with the access token.
  "img-src 'self' data: https: blob:",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  // Reset and verification links carry their token in the address: never send it on.
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cache-control': 'no-cache',
};

const NOT_BUILT = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Castwright</title>
<h1>The studio is not built</h1><p>This server has no built studio. <code>npm start</code> builds it; so does <code>npm run build:studio</code>. The API works without it.</p></html>`;

export async function registerStudio(app: FastifyInstance, options: { dir: string }): Promise<void> {
  const { dir } = options;
  const built = existsSync(path.join(dir, 'index.html'));
  if (!built) app.log.warn({ dir }, 'the studio is not built: its pages answer 503 (npm start or npm run build:studio builds it)');
  if (built) {
    await app.register(fastifyStatic, {
      root: path.join(dir, 'assets'),
      prefix: '/assets/',
      index: false,
      // The build writes .br and .gz beside each asset (packages/studio/build.ts).
      preCompressed: true,
      immutable: true,
      maxAge: '365d',
      setHeaders: (reply) => void reply.header('x-content-type-options', 'nosniff'),
    });
  }
  const page = async (_request: unknown, reply: FastifyReply) => {
    if (!built) return reply.status(503).headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(NOT_BUILT);
    return reply.headers(PAGE_HEADERS).sendFile('index.html', dir, { cacheControl: false });
  };
  for (const url of STUDIO_PAGES) app.get(url, { schema: { hide: true } }, page);
  app.get('/favicon.svg', { schema: { hide: true } }, async (_request, reply) => {
    if (!built) return reply.callNotFound();
    return reply.sendFile('favicon.svg', dir, { maxAge: '1d' });
  });
}
