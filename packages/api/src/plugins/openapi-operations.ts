// What every operation of the OpenAPI document carries, filled in once here rather than
// repeated in each route (a route's own value always wins):
// - `operationId`: from the method and path (`GET /api/episodes/{id}/audio` →
//   `getEpisodesByIdAudio`), unique because method + path is;
// - `security: []` on a route that declares none: it is public (health, sign-up and login,
//   pricing, the Stripe webhook, feeds by their secret token);
// - `429` where a rate limit applies: every authenticated route is metered per account;
// - `503` everywhere: the database (and with it the rate-limit store) may be away;
// - a query parameter with a default is optional (the server fills it in; TypeBox lists it
//   as required because the validated value always has it);
// - an example for every JSON or form body and JSON response, built from its schema;
// - on every operation that takes `Idempotency-Key` (idempotent-routes.ts puts the header in
//   its schema), the 409 and 422 that key brings and the `Idempotent-Replayed` header of a
//   replayed answer;
// - `ETag` on the 200 of a GET whose path has changes taking `If-Match`.
import { ERRORS } from '@castwright/core/errors';
import { sampleFromSchema } from './openapi-examples.ts';

type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const ERROR_REF = { $ref: '#/components/schemas/ErrorBody' };

function operationIdFor(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment)?.[1];
      return parameter ? `By${parameter[0]?.toUpperCase()}${parameter.slice(1)}` : segment;
    })
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean)
    .map((word) => `${word[0]?.toUpperCase()}${word.slice(1)}`);
  return `${method}${words.join('')}`;
}

function errorResponse(code: keyof typeof ERRORS, description: string): Json {
  const { error, message } = ERRORS[code];
  return { description, content: { 'application/json': { schema: ERROR_REF, example: { success: false, error, message } } } };
}

function addExamples(content: unknown, components: Record<string, Json>): void {
  if (!content || typeof content !== 'object') return;
  for (const [type, media] of Object.entries(content as Record<string, Json>)) {
    if (!(type.includes('json') || type === 'multipart/form-data') || media.example !== undefined || media.examples !== undefined || !media.schema) continue;
    media.example = sampleFromSchema(media.schema as Json, components);
  }
}

const IN_USE = '`Idempotency key in use`: a retry while the first request with this `Idempotency-Key` is still running (`Retry-After` says when to look again)';

function addIdempotencyAnswers(operation: Json, responses: Record<string, Json>): void {
  if (!takesHeader(operation, 'idempotency-key')) return;
  const conflict = responses['409'];
  if (!conflict) responses['409'] = errorResponse('idempotencyKeyInUse', IN_USE);
  else conflict.description = `${conflict.description === 'Default Response' ? 'The resource does not allow this now' : String(conflict.description)}; or ${IN_USE}`;
  responses['422'] ??= errorResponse('idempotencyKeyReused', 'This `Idempotency-Key` was first used with a different request (method, path or body)');
  for (const [status, response] of Object.entries(responses)) {
    if (!status.startsWith('2')) continue;
    response.headers = {
      ...(response.headers as Json | undefined),
      'Idempotent-Replayed': {
        description: '`true` when this is the kept answer of an earlier request with the same `Idempotency-Key`, given again; nothing was done this time',
        schema: { type: 'string', enum: ['true'] },
      },
    };
  }
}

const takesHeader = (operation: Json | undefined, name: string) =>
  ((operation?.parameters ?? []) as Json[]).some((parameter) => parameter.in === 'header' && String(parameter.name).toLowerCase() === name);

/** The GET of a resource whose changes take If-Match says which tag to send back. */
function addEtagHeader(item: Json): void {
  const read = item.get as Json | undefined;
  const ok = (read?.responses as Record<string, Json> | undefined)?.['200'];
  if (!ok || !METHODS.some((method) => method !== 'get' && takesHeader(item[method] as Json | undefined, 'if-match'))) return;
  ok.headers = {
    ...(ok.headers as Json | undefined),
    ETag: { description: 'A strong tag of this state of the resource: send it in `If-Match` to change it only if nothing changed since (else 412)', schema: { type: 'string' } },
  };
}

export function completeOperations(document: Json): Json {
  const components = ((document.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  const completed = new WeakSet<Json>();
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    addEtagHeader(item);
    for (const method of METHODS) {
      let operation = item[method] as Json | undefined;
      if (!operation) continue;
      if (completed.has(operation)) {
        // A HEAD route shares its GET route's operation object: it gets one of its own.
        operation = item[method] = { ...structuredClone(operation), operationId: operationIdFor(method, path) };
      }
      completed.add(operation);
      operation.operationId ??= operationIdFor(method, path);
      operation.security ??= [];
      for (const parameter of (operation.parameters ?? []) as Json[]) {
        if (parameter.in === 'query' && (parameter.schema as Json | undefined)?.default !== undefined) parameter.required = false;
      }
      const responses = (operation.responses ??= {}) as Record<string, Json>;
      const authenticated = (operation.security as Json[]).some((requirement) => 'bearer' in requirement);
      if (authenticated && !responses['429']) responses['429'] = errorResponse('rateLimited', 'Over the hourly request limit of the account\'s tier; `Retry-After` says when to come back');
      if (!responses['503']) responses['503'] = errorResponse('unavailable', 'The database is briefly unavailable; `Retry-After` says when to try again');
      addIdempotencyAnswers(operation, responses);
      for (const [status, response] of Object.entries(responses)) {
        if (status.startsWith('4') || status.startsWith('5')) {
          const media = (response.content as Record<string, Json> | undefined)?.['application/json'];
          if (media && media.example === undefined) {
            const entry = Object.values(ERRORS).find((candidate) => String(candidate.status) === status);
            if (entry) media.example = { success: false, error: entry.error, message: entry.message };
          }
        }
        addExamples(response.content, components);
      }
      addExamples((operation.requestBody as Json | undefined)?.content, components);
    }
  }
  return document;
}
