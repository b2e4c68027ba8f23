import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { BEYOND_SCHEMA, errorCodes } from '../../src/domain/api/envelope';
import { AppError } from '../app-error';
import { formatMessage } from '../../src/domain/messages';
import { notFoundPage, wantsHtmlPage } from './not-found-page';
import { uniqueViolation } from './unique-violations';

export const GENERIC_ERROR = formatMessage('generic.error');

export function envelope(status: number, description: string, message: string, field?: string) {
  return {
    code: status,
    status: 'ERROR' as const,
    errors: [field ? { description, message, field } : { description, message }],
  };
}

/** One error handler for the whole server: everything leaves as the error envelope. */
export function registerErrorHandling(app: FastifyInstance, productName = 'RemotePC'): void {
  const htmlNotFound = notFoundPage(productName);
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send(envelope(error.statusCode, error.code, error.message, error.field));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
      // A refinement marked BEYOND_SCHEMA is a rule, not the document's shape.
      const [status, code] = isBeyondSchema(first?.params)
        ? [422, errorCodes.RULE_FAILED]
        : [400, errorCodes.VALIDATION_FAILED];
      return reply
        .status(status)
        .send(envelope(status, code, first?.message ?? GENERIC_ERROR, field));
    }
    const conflict = uniqueViolation(error);
    if (conflict) {
      // The driver's error names the value; the value may be a token's hash, so it stays out.
      request.log.info({ field: conflict.field }, 'unique key conflict');
      return reply
        .status(409)
        .send(envelope(409, errorCodes.CONFLICT, conflict.message, conflict.field));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      // Details go to the log only: a 5xx never leaks internals to the client.
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(envelope(500, errorCodes.INTERNAL_ERROR, GENERIC_ERROR));
    }
    if (status === 429) {
      return reply.status(429).send(envelope(429, errorCodes.RATE_LIMITED, tooManyAttempts));
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type...).
    return reply.status(status).send(envelope(status, errorCodes.VALIDATION_FAILED, error.message));
  });

  app.setNotFoundHandler((request, reply) => {
    // A person's browser gets a page with a way back; API clients keep the envelope.
    if (wantsHtmlPage(request)) {
      return reply.status(404).type('text/html; charset=utf-8').send(htmlNotFound);
    }
    return reply
      .status(404)
      .send(envelope(404, errorCodes.NOT_FOUND, 'The requested resource was not found.'));
  });
}

/** Whether a zod issue (as fastify-type-provider-zod passes it on) carries BEYOND_SCHEMA. */
function isBeyondSchema(params: unknown): boolean {
  const issueParams = (params as { params?: { rule?: unknown } } | undefined)?.params;
  return issueParams?.rule === BEYOND_SCHEMA.rule;
}

export const tooManyAttempts = 'Too many attempts. Wait a few minutes and try again.';
