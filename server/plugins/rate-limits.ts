import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorCodes } from '../../src/domain/api/envelope';
import { AppError } from '../app-error';
import { tooManyAttempts } from './errors';
import { operationalMetrics } from './operations';

interface Limit {
  max: number;
  timeWindow: string;
  key: (request: FastifyRequest) => string;
}

/** The hooks limitAll made: the OpenAPI document lists 429 for the routes that run one. */
const limiters = new WeakSet<object>();
export const isRateLimited = (hook: unknown): boolean =>
  typeof hook === 'function' && limiters.has(hook);

/**
 * A preHandler enforcing several limits at once (the plugin's own hook runs only one per
 * request). Every limit counts the attempt; the first exceeded one refuses it with 429.
 * With `withHeaders`, every answer says where the caller stands against the first limit, in the
 * IETF draft's `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds), so an
 * integrator can pace itself before it is refused (the reseller API).
 */
export function limitAll(app: FastifyInstance, limits: Limit[], { withHeaders = false } = {}) {
  // A shared store holds every limit's counters side by side: the window and the cap are part of
  // the key, so two limits never count into one another.
  const checkers = limits.map((limit) =>
    app.createRateLimit({
      max: limit.max,
      timeWindow: limit.timeWindow,
      keyGenerator: (request) => `${limit.timeWindow}/${String(limit.max)}|${limit.key(request)}`,
    }),
  );
  const hook = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    for (const [index, check] of checkers.entries()) {
      const result = await check(request);
      if (withHeaders && index === 0 && !result.isAllowed) {
        reply.header('ratelimit-limit', String(result.max));
        reply.header('ratelimit-remaining', String(Math.max(0, result.remaining)));
        reply.header('ratelimit-reset', String(result.ttlInSeconds));
      }
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        operationalMetrics.rateLimitRefusals.inc();
        throw new AppError(errorCodes.RATE_LIMITED, tooManyAttempts);
      }
    }
  };
  limiters.add(hook);
  return hook;
}

/** The login named in a form body (`username` unless told), normalised, for per-account keys. */
export const loginOf = (request: FastifyRequest, field = 'username'): string => {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
};
