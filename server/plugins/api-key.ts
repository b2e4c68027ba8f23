import type { FastifyRequest } from 'fastify';
import { errorCodes } from '../../src/domain/api/envelope';
import { API_KEY_HEADER } from '../../src/domain/api/reseller-account';
import { AppError } from '../app-error';
import type { AppContext } from '../context';
import { accountOfApiKey } from '../services/reseller-account/api-keys';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireApiKey`: the reseller account the presented API key belongs to. */
    apiAccountId?: string;
  }
}

/** The key of a /reseller-api/ call: the X-API-Key header, or `Authorization: Bearer <key>`. */
function presentedKey(request: FastifyRequest): string {
  const header = request.headers[API_KEY_HEADER];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const authorization = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(authorization);
  return match?.[1] ?? '';
}

/**
 * Run by the route-policy hook for routes whose policy is `api-key` (so a call without a key is
 * 401 before its input is checked): admits a call carrying a live reseller API key of an account
 * that is not cancelled, and sets `request.apiAccountId`. Every query of such a route must be
 * scoped to `apiAccountOf(request)`.
 */
export async function authenticateApiKey(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const key = presentedKey(request);
  const accountId = key ? await accountOfApiKey(ctx.db, ctx.secrets.fieldKey, key) : undefined;
  if (!accountId) {
    throw new AppError(errorCodes.NOT_AUTHORIZED, 'A valid API key is required.');
  }
  const account = await ctx.db
    .selectFrom('reseller_accounts')
    .select('account_status')
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!account || account.account_status === 'ACCOUNT_CANCELLED_STATUS') {
    throw new AppError(errorCodes.NOT_AUTHORIZED, 'A valid API key is required.');
  }
  request.apiAccountId = accountId;
}

/** The account of a route guarded by `requireApiKey`. */
export function apiAccountOf(request: FastifyRequest): string {
  if (!request.apiAccountId)
    throw new Error('apiAccountOf() used on a route without requireApiKey');
  return request.apiAccountId;
}
