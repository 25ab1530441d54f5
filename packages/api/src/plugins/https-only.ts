// HTTPS only. The listener accepts plain HTTP on the same port only to answer it with
// a clear 400 (never serving it). Behind a TLS-terminating proxy (TRUST_PROXY), a
// request counts as HTTPS only when the proxy says so in X-Forwarded-Proto.
import type { FastifyInstance } from 'fastify';
import { AppError } from '@castwright/core/errors';

export function registerHttpsOnly(app: FastifyInstance, options: { trustProxy: boolean }): void {
  app.addHook('onRequest', async (request) => {
    const encrypted = 'encrypted' in request.raw.socket && request.raw.socket.encrypted === true;
    const forwardedProto = String(request.headers['x-forwarded-proto'] ?? '').split(',')[0]?.trim().toLowerCase();
    const secure = options.trustProxy ? forwardedProto === 'https' || (encrypted && !forwardedProto) : encrypted;
    if (!secure) throw new AppError('httpsRequired');
  });
}
