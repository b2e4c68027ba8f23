import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { policy } from '../../src/domain/api/route-policy';
import { keysOf, type Keyring } from '../services/secrets';
import { errorCodes } from '../../src/domain/api/envelope';
import { AppError } from '../app-error';
import type { ProductType } from '../../src/domain/api/session';
import type { Config } from '../config';
import { hmac, randomToken, safeEqual } from '../services/crypto';
import { z } from 'zod';
import { operation } from './openapi';
import { okSchema } from './reply';
import { isApiPath, policyOf } from './route-policy';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
/** HttpOnly random value the token is bound to: script on another site cannot forge a pair. */
const BINDING_COOKIE = 'rpc_csrf_bind';
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
export const csrfRefused =
  'Your security token is missing or has expired. Reload the page and try again.';
const EXEMPT = new Set(['/rpc-api/csrf']);

const sign = (secret: string, nonce: string, binding: string) =>
  hmac(secret, `${nonce}.${binding}`);

/**
 * Once signed in, the binding names the session: `reseller:<mac>|partner:<mac>`, one entry per
 * account kind (a browser may hold both sessions), each an HMAC of the session id. A token made
 * before sign-in (or planted by someone else, cookie and all) is bound to something else and is
 * refused; nobody without the server's secret and the HttpOnly session can make a bound one.
 */
const sessionMac = (secret: string, kind: ProductType, sessionId: string) =>
  hmac(secret, `session:${kind}:${sessionId}`);

function bindingEntries(binding: string | undefined): Map<string, string> {
  const entries = new Map<string, string>();
  for (const part of (binding ?? '').split('|')) {
    const [kind, mac] = part.split(':');
    if ((kind === 'reseller' || kind === 'partner') && mac) entries.set(kind, mac);
  }
  return entries;
}

/** Whether the request's CSRF binding names this session (checked after the session is known). */
export function isBoundToSession(
  request: FastifyRequest,
  secrets: Keyring<string>,
  kind: ProductType,
  sessionId: string,
): boolean {
  const mac = bindingEntries(request.cookies[BINDING_COOKIE]).get(kind);
  return (
    mac !== undefined &&
    keysOf(secrets).some((secret) => safeEqual(mac, sessionMac(secret, kind, sessionId)))
  );
}

declare module 'fastify' {
  interface FastifyReply {
    /** Binds the CSRF token to a session that just started (a new token when the binding changes). */
    bindCsrfToSession: (kind: ProductType, sessionId: string) => void;
  }
}

/**
 * Signed double-submit CSRF: `XSRF-TOKEN` = nonce.HMAC(nonce, binding) where the binding is an
 * HttpOnly cookie of this browser session. A state-changing API call must echo the token in
 * `X-XSRF-TOKEN`; the server checks the echo matches the cookie and the signature matches the binding.
 */
export function registerCsrf(app: FastifyInstance, config: Config, secrets: Keyring<string>): void {
  // New tokens and bindings are made with the key in force; older keys' ones are still accepted.
  const secret = secrets.current;
  const cookieOptions = { path: '/', sameSite: 'strict', secure: config.isHttps } as const;

  app.decorateReply('bindCsrfToSession', function (this: FastifyReply, kind, sessionId) {
    const entries = bindingEntries(this.request.cookies[BINDING_COOKIE]);
    const mac = sessionMac(secret, kind, sessionId);
    // A refresh keeps the session, so the token stays: calls already in flight keep working.
    if (entries.get(kind) === mac) return;
    entries.set(kind, mac);
    const binding = [...entries].map(([name, value]) => `${name}:${value}`).join('|');
    const nonce = randomToken(16);
    this.setCookie(BINDING_COOKIE, binding, { ...cookieOptions, httpOnly: true });
    this.setCookie(CSRF_COOKIE, `${nonce}.${sign(secret, nonce, binding)}`, {
      ...cookieOptions,
      httpOnly: false,
    });
  });

  const csrfSchema = {
    tags: ['session'],
    ...operation('createCsrfToken', 'Issue a CSRF token', {
      description:
        'Sets the XSRF-TOKEN cookie (readable by script) and its HttpOnly binding cookie; every state-changing /rpc-api call echoes the token in the X-XSRF-TOKEN header. Signing in binds a new token to the session, so a token issued before sign-in is refused afterwards.',
    }),
    response: { 200: okSchema(z.object({ ok: z.literal(true) })) },
  };
  app.post('/rpc-api/csrf', { config: policy.public, schema: csrfSchema }, (request, reply) => {
    let binding = request.cookies[BINDING_COOKIE];
    if (!binding || binding.length < 20) {
      binding = randomToken();
      reply.setCookie(BINDING_COOKIE, binding, { ...cookieOptions, httpOnly: true });
    }
    const nonce = randomToken(16);
    const token = `${nonce}.${sign(secret, nonce, binding)}`;
    reply.setCookie(CSRF_COOKIE, token, { ...cookieOptions, httpOnly: false });
    return { code: 200 as const, status: 'OK' as const, message: { ok: true as const } };
  });

  // Callback-style: a safe method (most requests) costs no promise.
  app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done) => {
    done(
      isRefused(request, secrets) ? new AppError(errorCodes.CSRF_INVALID, csrfRefused) : undefined,
    );
  });
}

/** Whether a state-changing API call lacks a valid CSRF token that it needs. */
function isRefused(request: FastifyRequest, secrets: Keyring<string>): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  // The route that matched decides, never the raw URL (`/%72pc-api/...` matches the same
  // route). A request that matched nothing is answered 404 and changes nothing.
  const route = request.routeOptions.url;
  if (!route || !isApiPath(route) || EXEMPT.has(route)) return false;
  // The reseller API authenticates by a key in a header and ignores cookies, so a forged
  // cross-site request has nothing to ride on; a call that carries no cookie at all (a
  // server-to-server client) needs no CSRF token. A browser sending cookies still does.
  if (policyOf(request)?.access === 'api-key' && !request.headers.cookie) return false;
  // An identity provider's form POST carries no token (none can exist cross-site); its
  // signed message is checked by the route instead (route-policy.ts, 'identity-provider').
  if (policyOf(request)?.access === 'identity-provider') return false;
  return !isValid(request, secrets);
}

function isValid(request: FastifyRequest, secrets: Keyring<string>): boolean {
  const header = request.headers[CSRF_HEADER];
  const cookie = request.cookies[CSRF_COOKIE];
  const binding = request.cookies[BINDING_COOKIE];
  if (typeof header !== 'string' || !cookie || !binding) return false;
  if (!safeEqual(header, cookie)) return false;
  const [nonce, signature] = header.split('.');
  if (!nonce || !signature) return false;
  return keysOf(secrets).some((secret) => safeEqual(signature, sign(secret, nonce, binding)));
}
