import type { FastifyRequest } from 'fastify';
import type { ProductType } from '../../src/domain/api/session';
import type { AppContext } from '../context';
import { errorCodes } from '../../src/domain/api/envelope';
import { AppError } from '../app-error';
import type { AccessClaims } from '../services/sessions';
import { isDisabledForSupport } from '../services/support-otp';
import { accessCookie } from './cookies';
import { formatMessage } from '../../src/domain/messages';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireSession`: who is calling, from the verified access token. */
    principal?: AccessClaims;
  }
}

/** A preHandler that admits only a live session of the given account kind. */
export const requireSession =
  (ctx: AppContext, kind: ProductType) =>
  async (request: FastifyRequest): Promise<void> => {
    const principal = await ctx.sessions.authenticate(kind, request.cookies[accessCookie(kind)]);
    // Defence in depth: the console refuses these calls itself for support-OTP sessions too.
    if (principal.otp && isDisabledForSupport(request.url)) {
      throw new AppError(errorCodes.FORBIDDEN, permissionDenied);
    }
    request.principal = principal;
  };

export const permissionDenied = formatMessage('permission.denied');

/** The principal of a route guarded by `requireSession`. */
export function principalOf(request: FastifyRequest): AccessClaims {
  if (!request.principal) throw new Error('principalOf() used on a route without requireSession');
  return request.principal;
}

export const requestContext = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});
