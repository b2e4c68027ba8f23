import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorCodes } from '../../src/domain/api/envelope';
import { AppError } from '../app-error';
import { tooManyAttempts } from './errors';

interface Limit {
  max: number;
  timeWindow: string;
  key: (request: FastifyRequest) => string;
}

/**
 * A preHandler enforcing several limits at once (the plugin's own hook runs only one per
 * request). Every limit counts the attempt; the first exceeded one refuses it with 429.
 */
export function limitAll(app: FastifyInstance, limits: Limit[]) {
  const checkers = limits.map((limit) =>
    app.createRateLimit({ max: limit.max, timeWindow: limit.timeWindow, keyGenerator: limit.key }),
  );
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    for (const check of checkers) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError(errorCodes.RATE_LIMITED, tooManyAttempts);
      }
    }
  };
}

/** The login named in a form body (`username` unless told), normalised, for per-account keys. */
export const loginOf = (request: FastifyRequest, field = 'username'): string => {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
};
