import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorCodes } from '../../src/domain/api/envelope';
import type { RoutePolicy } from '../../src/domain/api/route-policy';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyErrorCodes,
  idempotencyKeySchema,
  idempotencyMessages,
} from '../../src/domain/api/idempotency';
import { AppError } from '../app-error';
import type { AppContext } from '../context';
import { sha256 } from '../services/crypto';
import {
  claimIdempotencyKey,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
} from '../services/idempotency';
import { apiAccountOf } from './api-key';
import { policyOf } from './route-policy';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this request is the first with its Idempotency-Key: its answer is stored. */
    idempotencyKey?: { accountId: string; key: string };
  }
}

/** JSON with sorted keys: the same form fields in another order are the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return value === undefined ? 'null' : JSON.stringify(value);
}

/** Which calls take an Idempotency-Key: the OpenAPI document lists the header from this too. */
export const takesIdempotencyKey = (method: string, policy: RoutePolicy | undefined): boolean =>
  method === 'POST' && policy?.access === 'api-key';

/** The key a reseller API POST carries, or undefined; a malformed one is refused. */
function presentedKey(request: FastifyRequest): string | undefined {
  if (!takesIdempotencyKey(request.method, policyOf(request))) return undefined;
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(header);
  if (!parsed.success) {
    throw new AppError(errorCodes.VALIDATION_FAILED, idempotencyMessages.invalid, {
      field: 'Idempotency-Key',
    });
  }
  return parsed.data;
}

/**
 * `Idempotency-Key` on every reseller API POST. It runs after the route's policy (the key is the
 * account's: two accounts may use the same value) and after the body is checked (a refused body
 * did nothing, so it is not kept). The database row is the lock, so it holds across instances.
 */
export function registerIdempotency(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const key = presentedKey(request);
    if (key === undefined) return;
    const owner = { accountId: apiAccountOf(request), key };
    const hash = sha256(`POST ${request.routeOptions.url ?? ''} ${canonical(request.body)}`);
    const claim = await claimIdempotencyKey(ctx.db, ctx.secrets.fieldKey, owner, hash);
    switch (claim.kind) {
      case 'first':
        request.idempotencyKey = owner;
        return;
      case 'reused':
        throw new AppError(
          idempotencyErrorCodes.IDEMPOTENCY_KEY_REUSED,
          idempotencyMessages.reused,
          {
            status: 422,
            field: 'Idempotency-Key',
          },
        );
      case 'running':
        reply.header('retry-after', '2');
        throw new AppError(
          idempotencyErrorCodes.IDEMPOTENCY_KEY_RUNNING,
          idempotencyMessages.running,
          { status: 409, field: 'Idempotency-Key' },
        );
      case 'replay':
        reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        return reply.code(claim.statusCode).type(claim.contentType).send(claim.body);
    }
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const owner = request.idempotencyKey;
    if (!owner) return payload;
    request.idempotencyKey = undefined;
    const body =
      typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload)
          ? payload.toString('utf8')
          : null;
    // A server fault (or an answer that cannot be stored) frees the key: a retry runs again.
    if (reply.statusCode >= 500 || body === null) {
      await releaseIdempotencyKey(ctx.db, owner);
      return payload;
    }
    const contentType = String(
      reply.getHeader('content-type') ?? 'application/json; charset=utf-8',
    );
    await storeIdempotentAnswer(ctx.db, ctx.secrets.fieldKey, owner, {
      statusCode: reply.statusCode,
      contentType,
      body,
    });
    return payload;
  });
}
