// One error handler: catalog errors keep their status and text, validation errors
// become 400s listing each problem, known Postgres and Fastify errors map to client
// errors, and everything else is a 500 whose details stay in the log. A kept
// idempotent answer being replayed also arrives here, and goes out as it first did.
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '@castwright/core/db/unavailable';
import { AppError } from '@castwright/core/errors';
import { drainUnreadBody } from '../http/drain-unread-body.ts';
import { REPLAYED_HEADER, ReplayedAnswer } from '../idempotency/replayed-answer.ts';

const PG_TO_APP: Record<string, AppError['code']> = {
  '23505': 'conflict', // unique_violation
  '22P02': 'validation', // invalid_text_representation
  '23503': 'notFound', // foreign_key_violation: the referenced row is gone
};

const FASTIFY_TO_APP: Record<string, AppError['code']> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payloadTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedMediaType',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'validation',
  FST_ERR_CTP_INVALID_JSON_BODY: 'validation',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation',
};

/** A database restart or failover takes seconds; clients should come back after this long. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

function toAppError(error: FastifyError & { code?: string }): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error.validation) {
    const problems = error.validation.map((issue) => {
      const where = `${error.validationContext ?? 'request'}${issue.instancePath.replaceAll('/', '.')}`;
      const { missingProperty: missing, allowedValues, additionalProperty: unknown } = issue.params as { missingProperty?: string; allowedValues?: unknown[]; additionalProperty?: string };
      if (missing) return `${where}.${missing} is required`;
      // A field the operation does not know (plugins/known-fields.ts): named, never dropped.
      if (unknown !== undefined) return `${where}.${unknown} is not a field of this operation (see its request body in /docs)`;
      // An enumeration names its allowed values, so a client can correct itself.
      if (issue.keyword === 'enum' && Array.isArray(allowedValues)) return `${where} must be one of: ${allowedValues.map(String).join(', ')}`;
      return `${where} ${issue.message ?? 'is invalid'}`;
    });
    return AppError.validation(problems.join('; '), problems);
  }
  if (error.code && FASTIFY_TO_APP[error.code]) {
    const code = FASTIFY_TO_APP[error.code];
    return new AppError(code as AppError['code'], code === 'validation' ? error.message : undefined);
  }
  if (error.code && PG_TO_APP[error.code]) return new AppError(PG_TO_APP[error.code] as AppError['code']);
  if (isDatabaseUnavailable(error)) {
    return new AppError('unavailable', 'The database is temporarily unavailable; try again shortly', { headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) } });
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return AppError.validation(error.message);
  }
  return undefined;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ReplayedAnswer, request, reply) => {
    drainUnreadBody(request.raw, reply.raw);
    if (error instanceof ReplayedAnswer) {
      return reply.status(error.status).header(REPLAYED_HEADER, 'true').type('application/json; charset=utf-8').send(error.body);
    }
    const appError = toAppError(error);
    if (!appError) {
      request.log.error({ err: error }, 'unhandled error');
      const internal = new AppError('internal');
      return reply.status(internal.status).send(internal.toBody());
    }
    if (appError.status >= 500) request.log.error({ err: error }, appError.message);
    for (const [name, value] of Object.entries(appError.headers ?? {})) reply.header(name, value);
    return reply.status(appError.status).send(appError.toBody());
  });

  app.setNotFoundHandler((request, reply) => {
    const notFound = new AppError('notFound', `No route for ${request.method} ${request.url.split('?')[0]}`);
    return reply.status(404).send(notFound.toBody());
  });
}
