import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProductType } from '../../src/domain/api/session';
import type { Config } from '../config';
import type { TokenPair } from '../services/sessions';

/** Each account kind has its own pair of HttpOnly cookies, so both can be signed in at once. */
const prefix: Record<ProductType, string> = { reseller: 'rsr', partner: 'prt' };
export const accessCookie = (kind: ProductType) => `${prefix[kind]}_at`;
export const refreshCookie = (kind: ProductType) => `${prefix[kind]}_rt`;
/** The refresh token is only ever sent to the API. */
const REFRESH_PATH = '/rpc-api';

export function setSessionCookies(
  reply: FastifyReply,
  config: Config,
  kind: ProductType,
  pair: TokenPair,
): void {
  const maxAge = config.refreshTokenTtlDays * 86_400;
  const base = { httpOnly: true, secure: config.isHttps, maxAge } as const;
  // The access cookie outlives its token so an expired token answers TOKEN_EXPIRED, not NOT_AUTHORIZED.
  reply.setCookie(accessCookie(kind), pair.accessToken, { ...base, sameSite: 'lax', path: '/' });
  reply.setCookie(refreshCookie(kind), pair.refreshToken, {
    ...base,
    sameSite: 'strict',
    path: REFRESH_PATH,
  });
  reply.bindCsrfToSession(kind, pair.sessionId);
}

export function clearSessionCookies(reply: FastifyReply, config: Config, kind: ProductType): void {
  reply.clearCookie(accessCookie(kind), { path: '/', httpOnly: true, secure: config.isHttps });
  reply.clearCookie(refreshCookie(kind), {
    path: REFRESH_PATH,
    httpOnly: true,
    secure: config.isHttps,
  });
}

export const readCookie = (request: FastifyRequest, name: string): string | undefined =>
  request.cookies[name];
