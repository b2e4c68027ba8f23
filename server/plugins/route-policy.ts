import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCodes } from '../../src/domain/api/envelope';
import { API_KEY_ROLE, policyAdmits, type RoutePolicy } from '../../src/domain/api/route-policy';
import { permissions, type ResellerRole } from '../../src/domain/api/reseller-users';
import { AppError } from '../app-error';
import type { AppContext } from '../context';
import type { AccessClaims } from '../services/access-tokens';
import type { Caller, SessionAndCallerRow, SessionRead } from '../services/sessions';
import { isDisabledForSupport } from '../services/support-otp';
import { liveChallenge } from '../services/twofa/twofa';
import { TWOFA_COOKIE } from '../services/twofa/login';
import { authenticateApiKey } from './api-key';
import { csrfRefused, isBoundToSession, SAFE_METHODS } from './csrf';
import { permissionDenied } from './auth';
import { accessCookie } from './cookies';
import { limitAll } from './rate-limits';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: see src/domain/api/route-policy.ts. */
    policy?: RoutePolicy;
    /** A reseller route's own read, made with the session check in one statement (sessions.ts). */
    sessionRead?: SessionRead;
  }
  interface FastifyRequest {
    /** The caller's role, when the route's permission needed it (read fresh on every call). */
    callerRole?: ResellerRole;
    /** The row of the route's `sessionRead`, once the session check passed. */
    sessionRow?: SessionAndCallerRow;
    /** A partner caller's account status, read with the session (null: no partner row). */
    partnerStatus?: string | null;
  }
}

/** Paths that carry an API (and so must declare a policy); the docs page is the library's own. */
export const isApiPath = (path: string): boolean =>
  (path.startsWith('/rpc-api/') || path.startsWith('/reseller-api/')) &&
  !path.startsWith('/rpc-api/docs');

/** The policy of the route that matched, or undefined (no route matched: a 404). */
export const policyOf = (request: FastifyRequest): RoutePolicy | undefined =>
  request.routeOptions.config.policy;

/**
 * The row the route's declared session read returned (typed by that read), for its handler.
 * Throws when the route did not declare `read`, so a handler cannot use a row it never asked for.
 */
export function sessionRowOf<Row extends SessionAndCallerRow>(
  request: FastifyRequest,
  read: SessionRead<Row>,
): Row {
  if (request.routeOptions.config.sessionRead !== read || !request.sessionRow) {
    throw new Error('sessionRowOf() on a route that did not declare this session read');
  }
  return request.sessionRow as Row;
}

/** Permissions every role has: no need to read the caller's role for them. */
const universal = new Set(
  Object.entries(permissions)
    .filter(([, roles]) => roles.length === 3)
    .map(([name]) => name),
);

/** Refuses, at start-up, an API route registered after this without a declared policy. */
export function requireRoutePolicies(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (isApiPath(route.url) && !route.config?.policy) {
      throw new Error(`${String(route.method)} ${route.url} declares no policy (config.policy)`);
    }
  });
}

/**
 * The one place that decides who may call a route, from the policy the route declared (never
 * from the raw URL: `/%72pc-api/...` matches the same route and gets the same decision).
 * It runs on `onRequest`, so an anonymous or unauthorised call is refused before its input is
 * read (401/403, not 400).
 */
export function registerRoutePolicy(app: FastifyInstance, ctx: AppContext): void {
  // The reseller API's limit counts before the key is checked, so guessing keys is slow too.
  const apiKeyLimit = limitAll(
    app,
    [{ max: 120, timeWindow: '1 minute', key: (r) => `reseller-api:${r.ip}` }],
    { withHeaders: true },
  );

  /** A state-changing call's CSRF token must be bound to this very session (see csrf.ts). */
  function assertCsrfBound(request: FastifyRequest, kind: 'reseller' | 'partner') {
    if (SAFE_METHODS.has(request.method) || !request.principal) return;
    if (!isBoundToSession(request, ctx.secrets.csrf, kind, request.principal.sid)) {
      throw new AppError(errorCodes.CSRF_INVALID, csrfRefused);
    }
  }

  /** The caller's role, as the session check read it with the session (one statement). */
  function resellerRole(request: FastifyRequest, caller: Caller | undefined): ResellerRole {
    // A user cancelled while signed in loses every right at once.
    if (!caller || caller.status !== 'active') {
      throw new AppError(errorCodes.FORBIDDEN, permissionDenied);
    }
    request.callerRole = caller.role;
    return caller.role;
  }

  /**
   * The session check of a reseller call, which reads the caller with the session (or the route's
   * own read, when it declared one) and keeps the row for the route (`sessionActorOf`).
   */
  async function authenticateReseller(
    request: FastifyRequest,
    token: string | undefined,
  ): Promise<{ claims: AccessClaims; caller: Caller | undefined }> {
    const read = request.routeOptions.config.sessionRead;
    const { row, ...checked } = await ctx.sessions.authenticateReseller(token, read);
    request.sessionRow = row;
    return checked;
  }

  app.addHook('onRequest', async (request, reply) => {
    const policy = policyOf(request);
    if (!policy) return;
    switch (policy.access) {
      case 'public':
      case 'identity-provider':
        return;
      case 'twofa-challenge':
        await liveChallenge(ctx.db, request.cookies[TWOFA_COOKIE]);
        return;
      case 'partner': {
        const token = request.cookies[accessCookie('partner')];
        const { claims, accountStatus } = await ctx.sessions.authenticatePartner(token);
        request.principal = claims;
        request.partnerStatus = accountStatus;
        assertCsrfBound(request, 'partner');
        return;
      }
      case 'api-key':
        await apiKeyLimit(request, reply);
        await authenticateApiKey(ctx, request);
        if (!policyAdmits(policy, API_KEY_ROLE)) {
          throw new AppError(errorCodes.FORBIDDEN, permissionDenied);
        }
        return;
      case 'reseller': {
        const token = request.cookies[accessCookie('reseller')];
        // A permission every role has asks nothing of the role (nor of the status: a cancelled
        // user may still read user_info and sign out).
        const needsRole = !universal.has(policy.permission);
        const { claims: principal, caller } = await authenticateReseller(request, token);
        request.principal = principal;
        assertCsrfBound(request, 'reseller');
        // The spec's list of calls a support-OTP session may not make, read by registered path.
        if (principal.otp && isDisabledForSupport(request.routeOptions.url ?? '')) {
          throw new AppError(errorCodes.FORBIDDEN, permissionDenied);
        }
        if (!needsRole) return;
        if (!policyAdmits(policy, resellerRole(request, caller))) {
          throw new AppError(errorCodes.FORBIDDEN, permissionDenied);
        }
        return;
      }
    }
  });
}
