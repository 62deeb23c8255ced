import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type ErrorKind } from './errors.ts';
import { pgErrorInfo } from './pg-error.ts';

/** The one place a domain error's kind becomes an HTTP status. */
export const HTTP_STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  upstream_failed: 502,
};

// PostgreSQL error codes that mean "the request asked for something the data rules forbid".
const PG_CONFLICTS: Record<string, { kind: ErrorKind; code: string; message: string }> = {
  '23505': { kind: 'conflict', code: 'conflict', message: 'A record with this value already exists' },
  '23503': { kind: 'conflict', code: 'conflict', message: 'A related record is missing or still in use' },
  '23514': { kind: 'invalid', code: 'constraint_violation', message: 'A value is out of the allowed range' },
  '23502': { kind: 'invalid', code: 'constraint_violation', message: 'A required value is missing' },
  '22P02': { kind: 'invalid', code: 'invalid_request', message: 'A value has the wrong format' },
};

/** A domain error's answer: its status and the body `{ error: { code, message, details? } }`. */
export function appErrorAnswer(error: AppError) {
  return {
    status: HTTP_STATUS[error.kind],
    body: {
      error: {
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
      },
    },
  };
}

/** One error handler: typed errors, validation and data-rule failures become 4xx; anything else a generic 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const { status, body } = appErrorAnswer(error);
      return reply.status(status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        field: [error.validationContext, ...v.instancePath.split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'is invalid',
      }));
      return reply.status(400).send({
        error: {
          code: 'invalid_request',
          message: details.map((d) => `${d.field}: ${d.message}`).join('; '),
          details,
        },
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its contract');
      return reply.status(500).send({ error: { code: 'internal_error', message: 'Internal server error' } });
    }
    const pg = pgErrorInfo(error);
    if (pg && PG_CONFLICTS[pg.code]) {
      const c = PG_CONFLICTS[pg.code]!;
      request.log.info({ pgCode: pg.code, constraint: pg.constraint }, c.message);
      return reply.status(HTTP_STATUS[c.kind]).send({ error: { code: c.code, message: c.message } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, unsupported media type...
      const code =
        status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'bad_request';
      return reply.status(status).send({ error: { code, message: error.message } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      error: { code: 'internal_error', message: `Internal server error (request ${request.id})` },
    });
  });
}
