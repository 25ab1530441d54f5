// The routes a player reads (audio, the live stream, videos and clips) take either the
// caller's credentials (none for a public episode) or a signed link's `token` from
// GET /api/episodes/{id}/listen, for <audio> and <video> elements, which cannot send an
// Authorization header. Such a route says `config: { signedLink: true }` beside its
// `preHandler: auth.optionalUser`: a request with a token is then judged by the token alone
// (authenticate-first.ts skips the credentials and the anonymous check for it; the handler
// checks the token), and the token stays out of the logs.
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Serves a signed link's `token` instead of credentials when the request carries one (plugins/signed-link-access.ts). */
    signedLink?: boolean;
  }
}

/** Whether the request carries a signed link's token. */
export const carriesSignedLink = (request: FastifyRequest) => (request.query as { token?: unknown } | undefined)?.token !== undefined;

/** A request as logged, its signed token redacted. */
export const redactToken = (request: FastifyRequest) => ({ method: request.method, url: request.url.replace(/([?&]token=)[^&]+/, '$1[redacted]'), remoteAddress: request.ip });
