// Cookie-authenticated requests (the studio's refresh and logout) must come from a page of
// this very origin: the cookie is SameSite=Strict, and this check also refuses a sibling
// site on the same registrable domain, which SameSite lets through.
import type { FastifyRequest } from 'fastify';
import { AppError } from '@castwright/core/errors';

export function assertSameOrigin(request: FastifyRequest, publicBaseUrl: string | undefined): void {
  const origin = request.headers.origin;
  const fetchSite = request.headers['sec-fetch-site'];
  const allowed = new Set([`https://${request.host}`]);
  if (publicBaseUrl) allowed.add(new URL(publicBaseUrl).origin);
  if (!origin || !allowed.has(origin) || (fetchSite !== undefined && fetchSite !== 'same-origin')) {
    throw new AppError('forbidden', 'This endpoint only answers pages of this site (the Origin header must be this server)');
  }
}
