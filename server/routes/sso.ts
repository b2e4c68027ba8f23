import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { policy } from '../../src/domain/api/route-policy';
import {
  ssoConfigInputSchema,
  ssoConfigViewSchema,
  ssoEnableSchema,
  ssoStartResponseSchema,
  ssoStartSchema,
  ssoTestResponseSchema,
} from '../../src/domain/api/sso';
import type { AppContext } from '../context';
import { principalOf, requestContext } from '../plugins/auth';
import { limitAll } from '../plugins/rate-limits';
import { ok, okSchema } from '../plugins/reply';
import { operation } from '../plugins/openapi';
import { recordAudit } from '../services/audit';
import { findAccountUser } from '../services/reseller-account/account';
import { enableSso, saveSsoSettings, ssoConfigView } from '../services/sso/admin';
import { finishSsoFlow } from '../services/sso/finish-page';
import { finishOidcSignIn, OIDC_CALLBACK_PATH } from '../services/sso/oidc';
import { startSsoSignIn, startSsoTest } from '../services/sso/start';
import { AppError } from '../app-error';
import { errorCodes } from '../../src/domain/api/envelope';

const okEmpty = okSchema(z.object({ ok: z.literal(true) }));
const callbackQuery = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(2000).optional(),
  iss: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
  session_state: z.string().max(500).optional(),
});

/** Single sign-on: the user's way in (start, OIDC callback) and the admin's settings. */
export function registerSsoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['single sign-on'];
  const startLimit = limitAll(app, [
    { max: ctx.config.signInLimitPerIp, timeWindow: '1 minute', key: (r) => `sso-ip:${r.ip}` },
  ]);

  api.post(
    '/rpc-api/reseller/sso/start',
    {
      config: policy.public,
      schema: {
        ...operation('startSsoSignIn', 'Start a sign-in through the account SSO', {
          description:
            "Finds the account whose single sign-on answers for the e-mail or SSO name and answers the identity provider's address to go to. A user whose SSO is not on is refused (403) with the spec's message.",
          errors: [400, 403, 422, 429],
        }),
        tags,
        body: ssoStartSchema,
        response: { 200: okSchema(ssoStartResponseSchema) },
      },
      preHandler: startLimit,
    },
    async (request) => {
      const { login, returnPath } = request.body;
      return ok({ redirectUrl: await startSsoSignIn(ctx, login, returnPath) });
    },
  );

  api.get(
    '/rpc-api/reseller/sso/start',
    {
      config: policy.public,
      schema: {
        ...operation('startSsoSignInLink', 'Start a sign-in through the account SSO (a link)', {
          description:
            'The same as the POST, for a link or a bookmark: redirects to the identity provider, or to the sign-in page when SSO is not on for that login.',
          answer: 'redirect',
          errors: [400, 429],
        }),
        tags,
        querystring: ssoStartSchema,
      },
      preHandler: startLimit,
    },
    async (request, reply) => {
      const { login, returnPath } = request.query;
      try {
        return await reply.redirect(await startSsoSignIn(ctx, login, returnPath));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return reply.redirect('/rpc-app/reseller/login?ssoError=not-enabled');
      }
    },
  );

  api.get(
    OIDC_CALLBACK_PATH,
    {
      config: policy.public,
      schema: {
        ...operation('finishOidcSignIn', 'The OpenID Connect redirect URI', {
          description:
            "Where the identity provider sends the browser back. Checks state, PKCE, nonce and the ID token, then answers a small page of this console that moves the browser on (the session's cookies are set here).",
          answer: 'text/html',
          errors: [400],
        }),
        tags,
        querystring: callbackQuery,
      },
    },
    async (request, reply) =>
      finishSsoFlow(ctx, request, reply, (flow) =>
        finishOidcSignIn(ctx, request, reply, flow, request.query),
      ),
  );

  registerSsoAdminRoutes(app, ctx);
}

/** The "Single sign-on" screen's calls: the reseller administrator only (role table). */
function registerSsoAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['single sign-on'];
  const admin = async (request: Parameters<typeof principalOf>[0]) => {
    const user = await findAccountUser(ctx.db, principalOf(request).sub);
    if (!user) throw new AppError(errorCodes.NOT_AUTHORIZED, 'You must sign in to continue.');
    return user;
  };

  api.get(
    '/rpc-api/reseller/sso/config',
    {
      config: policy.reseller('sso.manage'),
      schema: {
        ...operation('getSsoConfig', 'Read the account single sign-on settings', {
          description: 'Never carries the OIDC client secret: only whether one is set.',
        }),
        tags,
        response: { 200: okSchema(ssoConfigViewSchema) },
      },
    },
    async (request) => ok(await ssoConfigView(ctx, (await admin(request)).account_id)),
  );

  api.post(
    '/rpc-api/reseller/sso/config',
    {
      config: policy.reseller('sso.manage'),
      schema: {
        ...operation('saveSsoConfig', 'Save the account single sign-on settings', {
          description:
            'SAML: the IdP metadata XML or its URL (read and checked); OIDC: issuer (discovery is checked), client id and client secret (sealed, never shown again; leave empty to keep). A new identity provider needs a new test.',
          errors: [400, 409, 422],
        }),
        tags,
        body: ssoConfigInputSchema,
        response: { 200: okEmpty },
      },
    },
    async (request) => {
      const user = await admin(request);
      const { idpChanged } = await saveSsoSettings(ctx, user.account_id, request.body);
      await recordAudit(ctx.db, {
        subjectKind: 'reseller',
        subjectId: user.id,
        accountId: user.account_id,
        action: 'sso.config.saved',
        target: request.body.protocol === 'saml' ? 'SAML 2.0' : 'OpenID Connect',
        ...requestContext(request),
        details: { idpChanged },
      });
      return ok({ ok: true as const });
    },
  );

  api.post(
    '/rpc-api/reseller/sso/test',
    {
      config: policy.reseller('sso.manage'),
      schema: {
        ...operation(
          'testSsoSignIn',
          'Start a test sign-in through the account identity provider',
          {
            description:
              "Answers the identity provider's address; the sign-in comes back to the Single sign-on screen with its outcome in plain words and starts no session.",
            errors: [400, 422],
          },
        ),
        tags,
        response: { 200: okSchema(ssoTestResponseSchema) },
      },
    },
    async (request) => {
      const user = await admin(request);
      return ok({ redirectUrl: await startSsoTest(ctx, user.account_id) });
    },
  );

  api.post(
    '/rpc-api/reseller/sso/enable',
    {
      config: policy.reseller('sso.manage'),
      schema: {
        ...operation('enableSso', 'Turn single sign-on on (account or chosen users) or off', {
          description:
            'Sets sso_flag and user_sso_status. Refused (422 RULE_FAILED) before a successful test; a user of another account is not found (404). The administrator keeps the password sign-in.',
          errors: [400, 404, 422],
        }),
        tags,
        body: ssoEnableSchema,
        response: { 200: okSchema(z.object({ users: z.number().int() })) },
      },
    },
    async (request) => {
      const user = await admin(request);
      const { scope, userIds } = request.body;
      const result = await enableSso(ctx, user.account_id, scope, userIds);
      await recordAudit(ctx.db, {
        subjectKind: 'reseller',
        subjectId: user.id,
        accountId: user.account_id,
        action: scope === 'off' ? 'sso.disabled' : 'sso.enabled',
        target: scope === 'account' ? 'Whole account' : `${String(result.users)} users`,
        ...requestContext(request),
      });
      return ok(result);
    },
  );
}
