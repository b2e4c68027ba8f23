import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCodes } from '../../src/domain/api/envelope';
import {
  CONTROL_CHARS_MESSAGE,
  MULTILINE_FIELDS,
  hasControlChars,
} from '../../src/domain/control-chars';
import { AppError } from '../app-error';
import { policyOf } from './route-policy';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route sanitises its own input and must not fail on it (a sign-out's redirect). */
    acceptsControlChars?: boolean;
  }
}

/** The first field (by its top-level name) holding a string with control characters. */
function fieldWithControlChars(input: unknown, field = ''): string | undefined {
  if (typeof input === 'string') {
    return hasControlChars(input, MULTILINE_FIELDS.has(field)) ? field : undefined;
  }
  if (Array.isArray(input)) {
    for (const item of input) {
      const found = fieldWithControlChars(item, field);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (input !== null && typeof input === 'object') {
    for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
      const found = fieldWithControlChars(value, field === '' ? key : field);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * Every API call refuses control characters in its input, in any field, with the rule book's
 * message (src/domain/control-chars.ts): the rules already refuse them where a rule checks the
 * field, and this covers the rest (ids, searches, names a rule does not check) in one place.
 * It runs before the route's schema, so every field of every call gets the same answer (where a
 * spec rule also refuses the character, the console shows that rule's message before sending).
 */
export function registerControlCharGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    const field =
      policyOf(request) === undefined || request.routeOptions.config.acceptsControlChars === true
        ? undefined
        : (fieldWithControlChars(request.query) ?? fieldWithControlChars(request.body));
    if (field === undefined) {
      done();
      return;
    }
    done(
      new AppError(errorCodes.VALIDATION_FAILED, CONTROL_CHARS_MESSAGE, {
        field: field === '' ? undefined : field,
      }),
    );
  });
}
