// `Idempotency-Key` on the routes that opt in with one line, `config: { idempotent: true }`:
// - the route's schema gains the header (1–255 visible ASCII characters), so Fastify
//   validates it and the OpenAPI document lists it (openapi-operations.ts adds the 409, 422
//   and `Idempotent-Replayed` it implies);
// - a preHandler right after `auth.requireUser` (keys are per account) claims the key, or
//   replays the kept answer, before tier checks, rate limits and the handler; a multipart
//   body is read by the service, which claims once it knows the body (AnswerRecorder.claim);
// - as the reply leaves, the key is settled (kept or freed: idempotency/idempotent-call.ts).
// The route's service records its answer in its effect's transaction through
// `idempotentAnswer` (idempotent-answer.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { IDEMPOTENCY_KEY_PATTERN } from '@castwright/core/idempotency';
import { IdempotentCall } from '../idempotency/idempotent-call.ts';
import { jsonBodyDigest } from '../idempotency/request-fingerprint.ts';
import type { ApiServices } from '../services.ts';
import { currentUser } from './authentication.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Takes `Idempotency-Key` (POST or PATCH, authenticated): see plugins/idempotent-routes.ts. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** Set when an idempotent route was called with an Idempotency-Key. */
    idempotency: IdempotentCall | null;
  }
}

const IDEMPOTENCY_HEADER = 'idempotency-key';

const KeyHeader = Type.String({
  pattern: IDEMPOTENCY_KEY_PATTERN,
  description:
    'A key you choose for this one logical request (1–255 visible ASCII characters; a UUID is a good key), sent again unchanged on every retry. ' +
    'The first answer is kept for 24 hours for your account and key: a retry of the same request (method, path, body) gets it again with ' +
    '`Idempotent-Replayed: true`, and nothing is done twice; the same key with another request is 422, and a retry while the first is still running is 409.',
});

function isMultipart(request: FastifyRequest): boolean {
  return /^multipart\//i.test(request.headers['content-type'] ?? '');
}

export function registerIdempotency(app: FastifyInstance, services: Pick<ApiServices, 'db' | 'secretBox' | 'auth'>): void {
  app.decorateRequest('idempotency', null);

  async function claimKey(request: FastifyRequest): Promise<void> {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (typeof key !== 'string') return;
    const call = new IdempotentCall(services, { userId: currentUser(request).id, key, method: request.method, path: request.url });
    request.idempotency = call;
    // A multipart body is still unread: its service claims once it has the body's digest.
    if (!isMultipart(request)) await call.begin(jsonBodyDigest(request.body));
  }
  async function reachedHandler(request: FastifyRequest): Promise<void> {
    if (request.idempotency) request.idempotency.ran = true;
  }

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const where = `${String(route.method)} ${route.url}`;
    if (![route.method].flat().every((method) => method === 'POST' || method === 'PATCH')) throw new Error(`${where}: only POST and PATCH routes take Idempotency-Key`);
    const preHandlers = [route.preHandler ?? []].flat();
    const authenticated = preHandlers.indexOf(services.auth.requireUser);
    if (authenticated < 0) throw new Error(`${where}: an idempotent route needs auth.requireUser (keys are kept per account)`);
    route.preHandler = [...preHandlers.slice(0, authenticated + 1), claimKey, ...preHandlers.slice(authenticated + 1), reachedHandler];
    const headers = (route.schema?.headers ?? Type.Object({})) as ReturnType<typeof Type.Object>;
    route.schema = { ...route.schema, headers: Type.Object({ ...headers.properties, [IDEMPOTENCY_HEADER]: Type.Optional(KeyHeader) }) };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    await request.idempotency?.settle(reply.statusCode, payload, request.log);
    return payload;
  });
  // A reply that never got as far as onSend still stops renewing the lease.
  app.addHook('onResponse', async (request) => request.idempotency?.stop());
}
