import type { FastifyRequest } from 'fastify';
import type { AccessClaims } from '../services/access-tokens';
import { formatMessage } from '../../src/domain/messages';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the route-policy hook: who is calling, from the verified access token. */
    principal?: AccessClaims;
  }
}

export const permissionDenied = formatMessage('permission.denied');

/** The principal of a route whose policy asks for a reseller or partner session. */
export function principalOf(request: FastifyRequest): AccessClaims {
  if (!request.principal) throw new Error('principalOf() used on a route without a session policy');
  return request.principal;
}

export const requestContext = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});
