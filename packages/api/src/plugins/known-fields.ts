// A rule of the API: a body field an operation does not know is a 400 naming it, as
// Stripe answers "unknown parameter". A misspelt `durationMinute` or an unsupported
// `format` would otherwise be dropped without a word and the episode made without it.
// Every JSON object in every operation's body schema that does not say otherwise is
// closed (`additionalProperties: false`); the error handler names the field. Schemas
// are copied, never changed in place: TypeBox objects are shared with responses.
// Registered before the OpenAPI plugin, so the document shows every body closed, and
// the typed client (generated from it) sends only known fields.
import type { FastifyInstance } from 'fastify';

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `schema` with every object that lists its properties and says nothing of others closed. */
function closedObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closedObjects);
  if (!isSchema(schema)) return schema;
  const copy: Schema = { ...schema };
  for (const key of ['items', 'anyOf', 'oneOf', 'not'] as const) if (key in copy) copy[key] = closedObjects(copy[key]);
  if (isSchema(copy.properties)) {
    copy.properties = Object.fromEntries(Object.entries(copy.properties).map(([name, property]) => [name, closedObjects(property)]));
    if (!('additionalProperties' in copy) && !('patternProperties' in copy)) copy.additionalProperties = false;
  }
  return copy;
}

export function registerKnownFields(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.schema?.body) route.schema = { ...route.schema, body: closedObjects(route.schema.body) };
  });
}
