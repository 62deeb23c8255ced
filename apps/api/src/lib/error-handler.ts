import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

interface PgError {
  code?: string;
  constraint_name?: string;
  constraint?: string;
}

// PostgreSQL error codes that mean "the request asked for something the data rules forbid".
const PG_CONFLICTS: Record<string, { status: number; code: string; message: string }> = {
  '23505': { status: 409, code: 'conflict', message: 'A record with this value already exists' },
  '23503': { status: 409, code: 'conflict', message: 'A related record is missing or still in use' },
  '23514': { status: 400, code: 'constraint_violation', message: 'A value is out of the allowed range' },
  '23502': { status: 400, code: 'constraint_violation', message: 'A required value is missing' },
  '22P02': { status: 400, code: 'invalid_request', message: 'A value has the wrong format' },
};

function pgErrorOf(error: unknown): PgError | undefined {
  // Drizzle wraps driver errors; the PostgreSQL code sits on the error or its cause.
  for (let e: unknown = error, i = 0; e && i < 3; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as PgError).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PgError;
  }
  return undefined;
}

/** One error handler: typed errors, validation and data-rule failures become 4xx; anything else a generic 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({
        error: {
          code: error.code,
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
        },
      });
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
    const pg = pgErrorOf(error);
    if (pg?.code && PG_CONFLICTS[pg.code]) {
      const c = PG_CONFLICTS[pg.code]!;
      request.log.info({ pgCode: pg.code, constraint: pg.constraint_name ?? pg.constraint }, c.message);
      return reply.status(c.status).send({ error: { code: c.code, message: c.message } });
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
