// Schemas shared by many routes.
import Type, { type TSchema } from 'typebox';

export const ErrorBody = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.String({ description: 'Short error type' }),
    message: Type.String({ description: 'Human-readable explanation' }),
    errors: Type.Optional(Type.Array(Type.String(), { description: 'Each unmet rule, where there are several' })),
  },
  { $id: 'ErrorBody', additionalProperties: true },
);

export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, Type.Ref('ErrorBody')]));

/** A value or null: the one way responses say "not there yet" or "unlimited". */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const MessageBody = Type.Object({ success: Type.Literal(true), message: Type.String() });

export const Pagination = Type.Object({
  total: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
});

export const Timestamp = Type.String({ format: 'date-time' });

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** Optional If-Match on a change: a stale tag is 412 (http/preconditions.ts). */
export const IfMatchHeaders = Type.Object({
  'if-match': Type.Optional(
    Type.String({
      maxLength: 2048,
      description: 'The `ETag` you read (GET). When the resource changed since, the change is refused with 412 and nothing is changed; without the header the change goes ahead.',
    }),
  ),
});
