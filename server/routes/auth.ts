import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { policy } from '../../src/domain/api/route-policy';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodes } from '../../src/domain/api/envelope';
import {
  partnerUserInfoSchema,
  resellerUserInfoSchema,
  signInRequestSchema,
  signInResponseSchema,
  type ProductType,
} from '../../src/domain/api/session';
import { AppError } from '../app-error';
import type { AppContext } from '../context';
import { principalOf, requestContext } from '../plugins/auth';
import { sessionRowOf } from '../plugins/route-policy';
import {
  accessCookie,
  clearSessionCookies,
  refreshCookie,
  setSessionCookies,
} from '../plugins/cookies';
import { limitAll, loginOf } from '../plugins/rate-limits';
import { ok, okSchema } from '../plugins/reply';
import { recordAudit } from '../services/audit';
import { sessionSubject } from '../services/audit-targets';
import { pastDueAction } from '../services/billing/pending-charges';
import { verifyPassword } from '../services/passwords';
import { findPartnerByLogin, partnerLandingPath, partnerUserInfo } from '../services/partners';
import { findUsersByLogin, resellerUserInfo, userInfoWithSession } from '../services/resellers';
import { isOwnNavigation, safeRedirect } from '../services/redirects';
import { startSecondFactor } from '../services/twofa/login';
import { ssoLogoutUrl } from '../services/sso/logout';
import { resellerLanding } from '../services/reseller-account/landing';
import { formatMessage } from '../../src/domain/messages';
import { SELECT_USERNAME_STEP } from '../../src/domain/api/two-factor-step';
import { operation } from '../plugins/openapi';
import { openResellerSession } from '../services/open-reseller-session';

const okEmpty = okSchema(z.object({ ok: z.literal(true) }));

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config } = ctx;

  // Per address (slows a spray across accounts), with an hourly ceiling for credential stuffing
  // (many accounts, slowly: the default 600 is one sign-in every 6 s from one address all hour,
  // well above what an office behind one NAT does), and per account from one address (slows
  // guessing one password without letting a stranger lock the owner out elsewhere).
  const signInLimits = limitAll(app, [
    { max: config.signInLimitPerIp, timeWindow: '1 minute', key: (r) => `signin-ip:${r.ip}` },
    {
      max: config.signInLimitPerIpHourly,
      timeWindow: '1 hour',
      key: (r) => `signin-ip-hour:${r.ip}`,
    },
    {
      max: config.signInLimitPerAccount,
      timeWindow: '15 minutes',
      key: (r) => `signin-account:${r.ip}:${loginOf(r)}`,
    },
  ]);

  api.post(
    '/rpc-api/reseller/user_signin',
    {
      config: policy.public,
      schema: {
        ...operation('signInReseller', 'Sign in a reseller user', {
          description:
            'Sets the session cookies and binds a new CSRF token to the session. When the account asks for a second factor, the answer says so and the twofa login calls follow. Wrong credentials answer 401; a cancelled account, an SSO user or unpaid charges answer 403.',
          errors: [401],
        }),
        tags: ['session'],
        body: signInRequestSchema,
        response: { 200: okSchema(signInResponseSchema) },
      },
      preHandler: signInLimits,
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const candidates = await findUsersByLogin(ctx.db, username);
      if (candidates.length === 0) {
        await verifyPassword(undefined, password);
      }
      // A username names one user; an e-mail may be shared by users of several accounts.
      const exact = candidates.filter(
        (candidate) => candidate.username === username.trim().toLowerCase(),
      );
      const matched = [];
      for (const candidate of exact.length === 1 ? exact : candidates) {
        // An invited user cannot sign in yet, but is checked all the same (against the decoy):
        // skipping the hash would answer faster and tell that the address is registered.
        const stored = candidate.status === 'invited' ? undefined : candidate.password_hash;
        if (await verifyPassword(stored, password)) matched.push(candidate);
      }
      // The usernames are shown only to someone who knows the password of each of them.
      if (matched.length > 1) {
        return ok({
          productType: 'reseller' as const,
          next: SELECT_USERNAME_STEP,
          usernames: matched.map((candidate) => candidate.username),
        });
      }
      const user = matched[0];
      if (!user) {
        await recordAudit(ctx.db, {
          subjectKind: 'reseller',
          // One matching user: the attempt shows in that account's activity log.
          subjectId: candidates.length === 1 ? candidates[0]?.id : null,
          accountId: candidates.length === 1 ? candidates[0]?.account_id : null,
          action: 'signin.failed',
          ...requestContext(request),
          details: { login: username.slice(0, 80) },
        });
        throw new AppError(
          errorCodes.INVALID_CREDENTIALS,
          formatMessage('login.invalid.email.password'),
        );
      }
      if (user.status === 'cancelled' || user.account_status === 'ACCOUNT_CANCELLED_STATUS') {
        throw new AppError(
          errorCodes.ACCOUNT_CANCELLED_STATUS,
          formatMessage('account.cancelled.access'),
        );
      }
      // An SSO-enabled user signs in through the identity provider, never with a password.
      if (user.sso_flag === 1 && user.user_sso_status === 1) {
        throw new AppError(errorCodes.SSO_ENABLED, formatMessage('sso.enabled'), { status: 403 });
      }
      // Charges past their due date: the administrator is sent to pay them, others to support.
      const dueAction = await pastDueAction(ctx.db, user.id);
      if (dueAction === 'contact') {
        throw new AppError(
          errorCodes.CCFAILEDACC,
          formatMessage('account.due.contact.support', { email: config.supportEmail }),
          { status: 403 },
        );
      }
      // Two-factor authentication on: the session starts only after the second step.
      const secondStep = await startSecondFactor(ctx, request, reply, user.id, {
        method: 'password',
      });
      if (secondStep) return ok({ productType: 'reseller' as const, next: secondStep });
      await openResellerSession(ctx, request, reply, {
        userId: user.id,
        accountId: user.account_id,
        action: 'signin',
        method: 'password',
      });
      return ok({
        productType: 'reseller' as const,
        next: dueAction === 'pay' ? '/account/billingInfo' : await resellerLanding(ctx.db, user.id),
      });
    },
  );

  api.post(
    '/rpc-api/partner/user_signin',
    {
      config: policy.public,
      schema: {
        ...operation('signInPartner', 'Sign in a partner', {
          description:
            'Sets the partner session cookies and binds a new CSRF token to the session.',
          errors: [401],
        }),
        tags: ['session'],
        body: signInRequestSchema,
        response: { 200: okSchema(signInResponseSchema) },
      },
      preHandler: signInLimits,
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const partner = await findPartnerByLogin(ctx.db, username);
      const isValid = await verifyPassword(partner?.password_hash, password);
      if (!partner || !isValid) {
        await recordAudit(ctx.db, {
          subjectKind: 'partner',
          action: 'signin.failed',
          ...requestContext(request),
          details: { login: username.slice(0, 80) },
        });
        throw new AppError(errorCodes.INVALID_CREDENTIALS, formatMessage('login.invalid.partner'));
      }
      if (partner.account_status === 'CANCELLED') {
        throw new AppError(
          errorCodes.ACCOUNT_CANCELLED_STATUS,
          formatMessage('account.cancelled.access'),
        );
      }
      const pair = await ctx.sessions.start('partner', partner.id, requestContext(request));
      await recordAudit(ctx.db, {
        subjectKind: 'partner',
        subjectId: partner.id,
        action: 'signin',
        ...requestContext(request),
      });
      setSessionCookies(reply, config, 'partner', pair);
      return ok({
        productType: 'partner' as const,
        next: partnerLandingPath(partner.account_status),
      });
    },
  );

  const title = { reseller: 'Reseller', partner: 'Partner' } as const;
  for (const kind of ['reseller', 'partner'] as const) {
    api.post(
      `/rpc-api/${kind}/auth/v1/refresh-token`,
      {
        config: policy.public,
        schema: {
          tags: ['session'],
          ...operation(`refresh${title[kind]}Session`, `Renew the ${kind} session`, {
            description:
              'Trades the refresh-token cookie for a new pair of session cookies. A refresh token used twice revokes its whole family (401 REFRESH_TOKEN_EXPIRED): sign in again.',
            errors: [401],
          }),
          response: { 200: okEmpty },
        },
      },
      async (request, reply) => {
        try {
          const pair = await ctx.sessions.refresh(
            kind,
            request.cookies[refreshCookie(kind)],
            requestContext(request),
          );
          setSessionCookies(reply, config, kind, pair);
          return ok({ ok: true as const });
        } catch (error) {
          clearSessionCookies(reply, config, kind);
          throw error;
        }
      },
    );

    api.get(
      `/rpc-api/${kind}/logout`,
      {
        // A sign-out always signs out: redirect_url goes through safeRedirect, which drops a
        // target it cannot use (control characters included) for the sign-in page.
        config: { ...policy.public, acceptsControlChars: true },
        schema: {
          tags: ['session'],
          ...operation(`signOut${title[kind]}`, `Sign the ${kind} out and go to a page`, {
            description:
              'Revokes the session on the server, clears its cookies and redirects to redirect_url when it is a page of this console (the sign-in page otherwise). A navigation from another site only goes to the console: the session stays.',
            answer: 'redirect',
          }),
          querystring: z.object({ redirect_url: z.string().max(2000).optional() }),
        },
      },
      async (request, reply) => logout(ctx, kind, request, reply, request.query.redirect_url),
    );
  }

  api.get(
    '/rpc-api/reseller/user_info',
    {
      // Read with the session check in one statement: every console start calls this.
      config: { ...policy.reseller('signed-in'), sessionRead: userInfoWithSession },
      schema: {
        ...operation(
          'getResellerUserInfo',
          'Read the signed-in reseller user, their role and account',
        ),
        tags: ['reseller'],
        response: { 200: okSchema(resellerUserInfoSchema) },
      },
    },
    (request, reply) => {
      const row = sessionRowOf(request, userInfoWithSession);
      void reply.send(ok(resellerUserInfo(row, principalOf(request).otp)));
    },
  );

  api.get(
    '/rpc-api/partner/user_info',
    {
      config: policy.partner,
      schema: {
        ...operation('getPartnerUserInfo', 'Read the signed-in partner'),
        tags: ['partner'],
        response: { 200: okSchema(partnerUserInfoSchema) },
      },
    },
    async (request) => {
      const info = await partnerUserInfo(ctx.db, principalOf(request).sub, config.publicOrigin);
      if (!info) throw new AppError(errorCodes.NOT_AUTHORIZED, 'You must sign in to continue.');
      return ok(info);
    },
  );
}

async function logout(
  ctx: AppContext,
  kind: ProductType,
  request: FastifyRequest,
  reply: FastifyReply,
  redirectUrl: string | undefined,
) {
  // Another site must not be able to sign the user out (an <img> or a link there): the session
  // stays, and the browser goes to the console, which shows the user where they were.
  if (!isOwnNavigation(request.headers, ctx.config.publicOrigin)) {
    return reply.redirect('/rpc-app/');
  }
  const sessionId = await ctx.sessions.revoke(kind, {
    access: request.cookies[accessCookie(kind)],
    refresh: request.cookies[refreshCookie(kind)],
  });
  if (sessionId) {
    // Named by its user (and account), so the sign-out shows in that account's activity log.
    const subject = await sessionSubject(ctx.db, sessionId);
    await recordAudit(ctx.db, {
      subjectKind: kind,
      subjectId: subject?.subjectId ?? null,
      accountId: subject?.accountId ?? null,
      action: 'logout',
      ...requestContext(request),
      details: { sessionId },
    });
  }
  clearSessionCookies(reply, ctx.config, kind);
  // Single logout: a session opened through SSO goes on to the IdP's sign-out, when it has one.
  const idpLogout = sessionId && kind === 'reseller' ? await ssoLogoutUrl(ctx, sessionId) : null;
  return reply.redirect(
    idpLogout ?? safeRedirect(redirectUrl, ctx.config.publicOrigin, '/rpc-app/reseller/login'),
  );
}
